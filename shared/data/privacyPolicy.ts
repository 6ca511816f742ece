// Text of the Privacy Policy (/Privacypolicy). Its own module so only that page's chunk carries it.
import { company } from "./company";
import type { PrivacyPolicy } from "./types";

const address = company.address.join(", ");

export const privacyPolicy: PrivacyPolicy = {
  title: "Privacy Policy",
  effective: "17 June 2025",
  intro: `This policy explains how ${company.legalName} (“${company.name}”, “we”, “us”) collects and uses personal data when you visit this website or contact us through it. We collect as little as we can, we do not sell personal data, and we do not use tracking or advertising cookies.`,
  sections: [
    {
      heading: "1. Who We Are",
      paragraphs: [
        `${company.legalName} is a private limited company registered in ${company.registeredIn} under company number ${company.companyNumber}, with its registered office at ${address}. We are the controller of the personal data described in this policy under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
        `If you have any question about this policy or about how we handle your data, write to us at ${company.email} or at the address above.`,
      ],
    },
    {
      heading: "2. The Information We Collect",
      paragraphs: [
        "This website has no user accounts and no login. The only personal data you give us is what you type into the contact form: your name, e-mail address, phone number, the subject of your enquiry and your message.",
        "When you visit the site, our hosting infrastructure records standard technical data needed to deliver pages securely, such as your IP address, browser type, the page requested and the time of the request. We also measure page performance (for example how quickly a page loads and becomes responsive); these measurements are anonymous and are not linked to your identity.",
        "Please do not include sensitive information, such as health data or financial account details, in your message.",
      ],
    },
    {
      heading: "3. How We Use Your Information",
      paragraphs: [
        "We use the details you send through the contact form to read and answer your enquiry, to follow up on it where you have asked us to, and to keep a record of our correspondence.",
        "We use technical and performance data to keep the website secure, to detect and prevent abuse, and to find and fix slow or broken pages.",
        "We do not use your data for automated decision-making or profiling, and we will not send you marketing messages unless you have asked us to.",
      ],
    },
    {
      heading: "4. Our Lawful Bases",
      paragraphs: [
        "We process contact-form data on the basis of our legitimate interests in responding to enquiries, or, where your enquiry is about a service you may buy from us, to take steps at your request before entering into a contract.",
        "We process technical and performance data on the basis of our legitimate interests in running a secure, reliable and fast website. We have balanced these interests against your rights and keep this data to the minimum needed.",
      ],
    },
    {
      heading: "5. Who We Share It With",
      paragraphs: [
        "Your contact-form submission is relayed securely to the service provider that operates our enquiry-handling system, who processes it only on our instructions and under a written data processing agreement. Our hosting provider likewise processes technical data on our behalf.",
        "We do not sell, rent or trade your personal data. We may disclose it if the law requires us to, or to protect our rights, our users or the public, for example in response to fraud.",
        "Where a processor stores data outside the United Kingdom, we make sure the transfer is protected by UK adequacy regulations or by appropriate safeguards such as the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.",
      ],
    },
    {
      heading: "6. How Long We Keep It",
      paragraphs: [
        "We keep contact-form enquiries for up to 24 months after our last exchange with you, so that we can refer back to the conversation, unless the enquiry leads to a contract, in which case we keep it for as long as the law requires us to keep business records.",
        "Server logs are kept for no longer than 30 days unless we need them to investigate a security incident. Anonymous performance measurements may be kept in aggregate form.",
      ],
    },
    {
      heading: "7. Cookies and Performance Measurement",
      paragraphs: [
        "This website does not set cookies for tracking, analytics or advertising, and it does not use third-party advertising or social media trackers.",
        "To improve the site, your browser sends us anonymous performance measurements (known as Core Web Vitals), such as page load and interaction times. These measurements contain no cookie, no identifier and no content of the forms you fill in.",
      ],
    },
    {
      heading: "8. Your Rights",
      paragraphs: [
        "Under UK data protection law you have the right to ask for a copy of your personal data, to have it corrected or erased, to restrict or object to how we use it, and, where applicable, to receive it in a portable format.",
        `To exercise any of these rights, contact us at ${company.email}. We will respond within one month and will not charge a fee in most cases. We may need to confirm your identity before acting on a request.`,
        "If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office (ICO) at ico.org.uk or on 0303 123 1113. We would appreciate the chance to address your concern first.",
      ],
    },
    {
      heading: "9. Security and Changes to This Policy",
      paragraphs: [
        "The website is served only over encrypted HTTPS connections, and access to enquiries is restricted to the staff who need it to answer you. No method of transmission over the internet is completely secure, but we take appropriate technical and organisational measures to protect your data.",
        "We may update this policy when our practices or the law change. The effective date at the top of this page shows when it was last revised; significant changes will be highlighted on this page.",
      ],
    },
  ],
};
