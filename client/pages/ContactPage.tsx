import { contactMeta } from "../../shared/meta/contact.ts";
import { useSearchParams } from "react-router";
import { company } from "../../shared/data/company.ts";
import { readContactPageData } from "../../shared/contactMessages.ts";
import { useAppConfig } from "../AppConfig.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import type { Panel } from "../components/HeaderPanel.tsx";
import { ContactForm, type ContactStatus } from "../components/ContactForm.tsx";
import { ContactInfoCards } from "../components/ContactInfoCards.tsx";
import { SectionHeading } from "../components/SectionHeading.tsx";

/**
 * The header's window: an enquiry as a message thread with the team, drawn as bubbles by its
 * stylesheet (layout.css): the visitor's at the right, the team's at the left, the team writing.
 */
const panel: Panel = {
  title: "Lease a governance agent",
  tag: "Mon-Fri 09:00-17:00",
  rows: [
    ["You", "Can we lease a governance agent for our DAO?"],
    ["AgentVerse AI team", "Yes: as a lease or as AI-as-a-Service. Which suits you?", "live"],
    ["AgentVerse AI team", "typing", "next"],
  ],
};

export function ContactPage() {
  // A plain form post that failed comes back as this page with the values and errors; a
  // successful one redirects to ?sent=1. Both are read the same way on server and client.
  const data = readContactPageData(useAppConfig().pageData);
  const [params] = useSearchParams();
  const initialStatus: ContactStatus = data?.failed ? "failed" : params.get("sent") === "1" ? "sent" : "idle";

  return (
    <>
      <PageHeader meta={contactMeta} panel={panel} />
      <section className="section section--paper contact" aria-label="Contact details and form">
        <div className="container contact__grid">
          <div className="contact__info">
            <SectionHeading title="Contact Information">
              Questions about listing, leasing or renting AI agents, or about a custom AI project? Write, call or visit{" "}
              {company.name}.
            </SectionHeading>
            <ContactInfoCards />
          </div>
          <div className="contact__panel card">
            <SectionHeading id="get-in-touch" title="Get In Touch">
              All fields are required.
            </SectionHeading>
            <ContactForm
              initialValues={data?.values}
              initialErrors={data?.errors}
              initialStatus={initialStatus}
              initialNotice={data?.notice}
            />
          </div>
        </div>
      </section>
    </>
  );
}
