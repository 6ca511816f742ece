// The one place an operator edits the company's contact details:
// name, registered details, address, e-mail, phone, opening hours and social links.
// Every page (header, footer, Contact page, legal pages, JSON-LD) reads them from here.
import type { Company } from "./types";

export const company: Company = {
  name: "AgentVerse AI",
  legalName: "AgentVerse AI Ltd",
  companyNumber: "16512847",
  registeredIn: "England and Wales",
  incorporated: "June 2025",
  tagline: "The decentralized marketplace to buy, lease, rent or use AI agents as a service.",
  address: ["71-75 Shelton Street", "Covent Garden", "London WC2H 9JQ", "United Kingdom"],
  location: "Covent Garden, London",
  email: "hello@agentverse.ai",
  phone: "+44 20 3890 4127",
  phoneHref: "tel:+442038904127",
  openingHours: [
    { days: "Monday to Friday", hours: "09:00-17:00" },
    { days: "Weekend", hours: "Closed" },
  ],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/agentverseai" },
    { name: "X", href: "https://x.com/agentverseai" },
    { name: "Instagram", href: "https://www.instagram.com/agentverseai" },
  ],
};
