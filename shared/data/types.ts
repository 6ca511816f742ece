// Types of the static display data of the site (docs/product.md section 3).

/**
 * The icons page data names. client/components/Icon.tsx draws each one: a name it cannot draw
 * fails to compile where the data is shown, and a name outside this list fails in the data.
 */
export type DataIcon =
  | "catalog"
  | "layers"
  | "globe"
  | "shopping-bag"
  | "graduation-cap"
  | "heart-pulse"
  | "truck"
  | "building"
  | "users"
  | "shield-check"
  | "network"
  | "rocket"
  | "award"
  | "sliders"
  | "lightbulb"
  | "trending-up"
  | "briefcase"
  | "cpu"
  | "headset"
  | "robot"
  | "image"
  | "chat";

export interface SocialLink {
  name: "Facebook" | "X" | "Instagram";
  href: string;
}

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface Company {
  /** Brand name of the marketplace and of the company. */
  name: string;
  /** Registered legal name. */
  legalName: string;
  companyNumber: string;
  registeredIn: string;
  incorporated: string;
  tagline: string;
  /** Postal address, one line per entry. */
  address: string[];
  /** Where the company is, in a phrase: the footer's Let's Talk line (the full address is under Get In Touch). */
  location: string;
  email: string;
  /** Phone number as displayed. */
  phone: string;
  /** tel: link of the phone number. */
  phoneHref: string;
  openingHours: OpeningHours[];
  social: SocialLink[];
}

/** Agent or category card. `id` repeats in the source data; `key` is unique. */
export interface AgentCard {
  key: string;
  id: number;
  category: string;
  name: string;
  image: string;
  /** Formatted download count, e.g. "12,480". */
  downloads: string;
  description: string;
}

/** What the articles carousel shows of an article. */
export interface ArticleSummary {
  id: number;
  url: string;
  author: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  title: string;
  excerpt: string;
  image: string;
  imageAlt: string;
}

/** The Article of docs/product.md section 3: the summary plus its full text (shared/data/articleContents.ts). */
export interface Article extends ArticleSummary {
  content: string;
}

export interface Industry {
  id: number;
  title: string;
  desc1: string;
  desc2: string;
  image: string;
  thumbShape: string;
}

export interface Stat {
  title: string;
  value: number;
  prefix: string;
  suffix: string;
  subtitle: string;
}

export interface Counter {
  value: number;
  suffix: string;
  label: string;
}

export interface ServiceItem {
  id: number;
  title: string;
  desc: string;
  img: string;
}

export interface ServiceListItem {
  id: number;
  title: string;
  desc: string;
}

export interface Hero {
  eyebrow: string;
  title: string;
  text: string;
}

export interface TitledBlock {
  title: string;
  text: string;
}

export interface PointsBlock {
  title: string;
  text: string;
  points: string[];
}

export interface FeatureBlock {
  title: string;
  text: string;
  icon: DataIcon;
}

export interface FutureScopeCard {
  key: string;
  title: string;
  text: string;
  icon: DataIcon;
}

export interface CaseStudy {
  id: number;
  title: string;
  category: string;
  image: string;
  href: string;
}

export interface ConsultingCta {
  title: string;
  text: string;
  offer: string;
}

export interface TeamMember {
  id: number;
  name: string;
  role: string;
  bio: string;
  /** An ink drawing of the person (public/images/team/), shown beside the name it illustrates. */
  portrait: string;
}

export interface ValueCard {
  id: number;
  title: string;
  text: string;
  icon: DataIcon;
}

export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  role: string;
  company: string;
}

export interface BlogTeaser {
  id: number;
  title: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  excerpt: string;
  image: string;
  imageAlt: string;
  href: string;
}

export interface SectionTitles {
  about: string;
  services: string;
  articles: string;
  testimonials: string;
  blog: string;
  catalog: string;
  security: string;
  futureScope: string;
  caseStudies: string;
  consulting: string;
  team: string;
  valueCards: string;
  stats: string;
  serviceCards: string;
}

export interface AboutPageBlock {
  title: string;
  text: string;
  features: FeatureBlock[];
}

export interface CertificateBlock {
  title: string;
  text: string;
  image: string;
  imageAlt: string;
}

export interface WhyChooseUsPoint {
  title: string;
  text: string;
  icon: DataIcon;
}

export interface WhyChooseUs {
  title: string;
  text: string;
  points: WhyChooseUsPoint[];
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface PrivacyPolicy {
  title: string;
  effective: string;
  intro: string;
  sections: LegalSection[];
}

export interface TermsAndConditions {
  title: string;
  effective: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}
