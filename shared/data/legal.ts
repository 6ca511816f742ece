// Texts of the Privacy Policy (/Privacypolicy) and the Terms and Conditions (/TermsCondition).
// The governing-law jurisdiction of the terms is deliberately left as a visible placeholder
// for the operator to confirm.
import { company } from "./company";
import type { PrivacyPolicy, TermsAndConditions } from "./types";

const address = company.address.join(", ");

export const privacyPolicy: PrivacyPolicy = {
  title: "Privacy Policy",
  effective: "17 June 2025",
  intro: `This policy explains how ${company.legalName} ("${company.name}", "we", "us") collects and uses personal data when you visit this website or contact us through it. We collect as little as we can, we do not sell personal data, and we do not use tracking or advertising cookies.`,
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

export const termsAndConditions: TermsAndConditions = {
  title: "Terms and Conditions",
  effective: "17 June 2025",
  lastUpdated: "31 July 2025",
  intro: `These Terms and Conditions govern your access to and use of the website and the decentralized AI agent marketplace operated by ${company.legalName} ("${company.name}", "we", "us"). Please read them carefully before using the platform.`,
  sections: [
    {
      heading: "1. Acceptance of Terms",
      paragraphs: [
        "By accessing the website, creating an account, connecting a wallet or buying, leasing, renting or using any AI agent through the marketplace, you agree to be bound by these Terms and by our Privacy Policy.",
        "If you use the platform on behalf of a company, DAO or other organisation, you confirm that you are authorised to accept these Terms on its behalf, and \"you\" refers to that organisation as well as to you.",
        "If you do not agree with these Terms, you must not use the platform.",
      ],
    },
    {
      heading: "2. Eligibility",
      paragraphs: [
        "You must be at least 18 years old, and have the legal capacity to enter into a binding contract, to use the marketplace.",
        "You may not use the platform if you are subject to sanctions, if you are located in a country where its use is prohibited, or if we have previously suspended or terminated your access.",
      ],
    },
    {
      heading: "3. Marketplace Services",
      paragraphs: [
        "The marketplace lets providers list AI agents and lets clients acquire them under one of several models: purchase (a perpetual licence to use a copy of the agent), lease (access for a fixed term), rental (short-term or per-task access) and AI-as-a-Service (use of an agent hosted and operated for you, charged by usage or subscription).",
        "The rights you receive depend on the model you choose and on the terms stated in each listing, which form part of your agreement with the provider. Unless a listing says otherwise, acquiring an agent gives you a right to use it, not ownership of its underlying intellectual property.",
        "We operate the platform and may facilitate payments and access through smart contracts, but unless we are expressly named as the provider of an agent, the contract for that agent is between you and its provider.",
      ],
    },
    {
      heading: "4. Accounts and Wallets",
      paragraphs: [
        "Some features require you to create an account or connect a compatible blockchain wallet. You are responsible for the accuracy of the information you give us and for all activity that takes place under your account or wallet.",
        "You are solely responsible for keeping your credentials, private keys and recovery phrases safe. We never ask for your private keys or recovery phrase and cannot recover them or reverse blockchain transactions if they are lost or compromised.",
        "Tell us immediately at the contact details below if you suspect unauthorised access to your account.",
      ],
    },
    {
      heading: "5. Listings by Providers",
      paragraphs: [
        "Providers are responsible for their listings, including the accuracy of descriptions, capabilities, performance claims, pricing and usage terms, and for making sure their agents comply with applicable law.",
        "By listing an agent, a provider confirms that it owns or has the rights to offer the agent and its components, and that the agent does not infringe the rights of others or contain malicious code.",
        "We may review, suspend or remove any listing at our discretion, for example where it breaches these Terms, receives credible complaints or poses a security risk.",
      ],
    },
    {
      heading: "6. Fees and Payments",
      paragraphs: [
        "Prices for purchasing, leasing, renting or using agents as a service are set by providers and shown in each listing before you commit.",
        "A platform fee or commission may be charged on transactions made through the marketplace. Any applicable fee will be shown to you before you confirm a transaction.",
        "Payments made in digital assets are subject to network fees and may be irreversible once confirmed on-chain. You are responsible for any taxes that apply to your transactions.",
      ],
    },
    {
      heading: "7. Intellectual Property",
      paragraphs: [
        `The website, the marketplace software, our brand and our content are owned by or licensed to ${company.legalName} and are protected by intellectual property laws. You may not copy, modify or distribute them without our written permission.`,
        "Providers keep ownership of the agents they list and grant clients the licence described in each listing. Clients keep ownership of the data they supply to an agent, subject to the provider's stated terms on processing that data.",
        "If you believe content on the platform infringes your rights, please contact us with details so that we can investigate.",
      ],
    },
    {
      heading: "8. Acceptable Use",
      paragraphs: [
        "You must not use the platform or any agent to break the law, infringe the rights of others, commit fraud, manipulate markets, launder money, spread malware, or generate harmful, deceptive or abusive content.",
        "You must not attempt to reverse engineer, extract or resell an agent beyond the rights granted to you, interfere with the platform's security or smart contracts, or access it by automated means other than the interfaces we provide.",
        "We may suspend or terminate access for anyone who breaches this section, and may report unlawful activity to the relevant authorities.",
      ],
    },
    {
      heading: "9. Testing in Metaverse Environments",
      paragraphs: [
        "We may offer virtual and metaverse environments in which agents can be demonstrated and tested before acquisition. These environments are simulations; an agent's behaviour in them does not guarantee the same results in your real-world use.",
        "Test environments may be operated by third parties and subject to their own terms. You must not use them to test agents against real users, real funds or systems you are not authorised to use.",
        "We may limit, change or withdraw test environments at any time.",
      ],
    },
    {
      heading: "10. Disclaimers",
      paragraphs: [
        "The platform is provided \"as is\" and \"as available\". To the extent permitted by law, we give no warranty that it will be uninterrupted, error-free or free from vulnerabilities, or that any agent will meet your requirements.",
        "AI agents can make mistakes and may act in unexpected ways. You are responsible for supervising the agents you use, for setting appropriate limits and for checking their output before relying on it. Nothing on the platform is financial, legal or investment advice.",
        "Blockchain networks, wallets and digital assets carry risks, including volatility, network failure and regulatory change, which are outside our control.",
      ],
    },
    {
      heading: "11. Limitation of Liability",
      paragraphs: [
        "Nothing in these Terms limits or excludes liability for death or personal injury caused by negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by law.",
        "Subject to that, we are not liable for any indirect or consequential loss, or for loss of profits, revenue, data, digital assets or goodwill, arising from your use of the platform or of any agent.",
        "Our total liability to you in connection with the platform in any twelve-month period is limited to the fees you paid to us in that period.",
      ],
    },
    {
      heading: "12. Governing Law",
      paragraphs: [
        "These Terms and any dispute or claim arising out of or in connection with them are governed by the laws of [Jurisdiction to be confirmed].",
        "The courts of [Jurisdiction to be confirmed] have exclusive jurisdiction over any such dispute, without affecting any mandatory rights you have as a consumer under the law of the country where you live.",
        "Before starting proceedings, we both agree to try in good faith to resolve any dispute informally by contacting the other party in writing.",
      ],
    },
    {
      heading: "13. Changes and Contact",
      paragraphs: [
        "We may update these Terms from time to time. The \"last updated\" date at the top of this page shows when they last changed, and continued use of the platform after a change means you accept the updated Terms.",
        `If you have any question about these Terms, contact us at ${company.email}, by phone on ${company.phone} (Monday to Friday, 09:00-17:00), or by post at ${address}.`,
      ],
    },
  ],
};
