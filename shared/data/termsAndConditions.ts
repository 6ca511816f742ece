// Text of the Terms and Conditions (/TermsCondition). Its own module so only that page's chunk carries it.
// The governing-law jurisdiction is deliberately left as a visible placeholder for the operator to confirm.
import { company } from "./company";
import type { TermsAndConditions } from "./types";

const address = company.address.join(", ");

export const termsAndConditions: TermsAndConditions = {
  title: "Terms and Conditions",
  effective: "17 June 2025",
  lastUpdated: "31 July 2025",
  intro: `These Terms and Conditions govern your access to and use of the website and the decentralized AI agent marketplace operated by ${company.legalName} (“${company.name}”, “we”, “us”). Please read them carefully before using the platform.`,
  sections: [
    {
      heading: "1. Acceptance of Terms",
      paragraphs: [
        "By accessing the website, creating an account, connecting a wallet or buying, leasing, renting or using any AI agent through the marketplace, you agree to be bound by these Terms and by our Privacy Policy.",
        "If you use the platform on behalf of a company, DAO or other organisation, you confirm that you are authorised to accept these Terms on its behalf, and “you” refers to that organisation as well as to you.",
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
        "The platform is provided “as is” and “as available”. To the extent permitted by law, we give no warranty that it will be uninterrupted, error-free or free from vulnerabilities, or that any agent will meet your requirements.",
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
        "We may update these Terms from time to time. The “last updated” date at the top of this page shows when they last changed, and continued use of the platform after a change means you accept the updated Terms.",
        `If you have any question about these Terms, contact us at ${company.email}, by phone on ${company.phone} (Monday to Friday, 09:00-17:00), or by post at ${address}.`,
      ],
    },
  ],
};
