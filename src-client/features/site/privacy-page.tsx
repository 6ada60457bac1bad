// /privacy-policy (docs/product.md#legal-pages). Company facts come from brand.ts.
import { Link } from '@tanstack/react-router';
import { brand, brandAddressOneLine } from '@server/contract/brand';
import { paragraphs, TermList, type AccordionItem } from '../../components/accordion';
import { LegalDocument } from './legal-document';
import { listClass as list, MailLink, TelLink, textLinkClass as link } from '../../components/button';

const SECTIONS: ReadonlyArray<AccordionItem> = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: paragraphs(
      `${brand.legalName} (“we”, “us”) is an insurance broker registered in England and Wales, company number ${brand.companyNumber}, at ` +
        `${brandAddressOneLine()}. ${brand.regulatorStatement}`,
      `We are the controller of the personal data we collect through this website and when we arrange your cover, under the UK General Data ` +
        `Protection Regulation (UK GDPR) and the Data Protection Act 2018. The insurer that underwrites your policy, ${brand.insurerName}, is ` +
        `a separate controller for the data it uses to provide cover and handle claims, and has its own privacy notice.`,
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What information we collect',
    content: (
      <>
        <p>Depending on how you use our service, we collect:</p>
        <TermList
          items={[
            ['Identity and contact details:', ' your name, date of birth, address and postcode, e-mail address and phone number.'],
            ['Driving and vehicle details:', ' your driving licence number, the car’s registration and details, how it is used and kept, and ' +
              'your claims and no-claims history.'],
            ['Sensitive information:', ' motoring and other criminal convictions, and health conditions or disabilities that affect your ' +
              'driving, where you tell us about them for your quote.'],
            ['Policy and payment details:', ' your policies, certificates and payment records.'],
            ['Account details:', ' your username, e-mail address and password (which we store only in a protected, hashed form).'],
            ['Your messages:', ' callback requests, e-mails, calls and complaints.'],
            ['Technical information:', ' your IP address, browser and device type, and security logs of sign-ins and account changes.'],
          ]}
        />
        <p>If you give us details of another person, such as a named driver or a supervisor, please make sure they know you have done so.</p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your information and our lawful bases',
    content: (
      <>
        <p>We use your information only where the law allows:</p>
        <TermList
          items={[
            ['To quote for and arrange your cover, and to manage your policy:', ' because it is necessary for a contract with you, or for ' +
              'steps you ask us to take before one.'],
            ['To help with claims and complaints:', ' to perform our contract with you and to meet our legal obligations.'],
            ['To meet our legal and regulatory duties,', ' such as keeping records the Financial Conduct Authority requires and preventing ' +
              'financial crime: because we have a legal obligation.'],
            ['To prevent and detect fraud, keep our systems secure and improve our service:', ' for our legitimate interests, which we balance ' +
              'against your rights.'],
            ['To send you marketing:', ' only if you have agreed. You can withdraw your consent at any time.'],
          ]}
        />
        <p>
          We use information about criminal convictions and health only for insurance purposes, as the Data Protection Act 2018 (Schedule 1)
          allows, or with your explicit consent.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share your information with',
    content: (
      <>
        <p>We share your information only as far as needed with:</p>
        <TermList
          items={[
            ['Insurers,', ` including ${brand.insurerName}, to get quotes, arrange cover and handle claims.`],
            ['Fraud prevention agencies and industry databases,', ' such as the Claims and Underwriting Exchange and the Motor Insurance ' +
              'Database, which the police use to check that a vehicle is insured.'],
            ['Regulators and public bodies,', ' such as the Financial Conduct Authority, the Financial Ombudsman Service, the Information ' +
              'Commissioner’s Office and the police, where the law requires or allows it.'],
            ['Our service providers,', ' such as hosting, e-mail and payment providers, who act only on our instructions and under contract.'],
          ]}
        />
        <p>We never sell your personal data.</p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    content: paragraphs(
      'We aim to keep your personal data in the United Kingdom. If a service provider or insurer processes it outside the UK, we make sure it ' +
        'stays protected: either the country has UK adequacy regulations, or we use the safeguards UK law approves, such as the International ' +
        'Data Transfer Agreement.',
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your information',
    content: (
      <>
        <p>We keep personal data only as long as we need it:</p>
        <ul className={list}>
          <li>quote and callback requests that don’t lead to a policy: 12 months;</li>
          <li>policies, claims and complaints: 7 years after the policy ends, so we can deal with questions and legal claims;</li>
          <li>your account: while it is open, and then for as long as we keep your policy records;</li>
          <li>security logs: 12 months.</li>
        </ul>
        <p>After that, we delete your data or make it anonymous.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <TermList
          items={[
            ['access', ' the personal data we hold about you;'],
            ['rectification', ': have inaccurate data corrected and incomplete data completed;'],
            ['erasure', ': have your data deleted where we no longer have a reason to keep it;'],
            ['restriction', ': ask us to limit how we use your data;'],
            ['portability', ': receive data you gave us in a machine-readable format, or have it sent to another organisation;'],
            ['objection', ': object to processing based on our legitimate interests, and to marketing at any time;'],
            ['automated decisions', ': not be subject to decisions made only by automated means that significantly affect you. Every quote we ' +
              'give is reviewed by a person, and you can ask for a person to review any automated decision an insurer makes.'],
          ]}
        />
        <p>
          To use your rights, e-mail <MailLink email={brand.emails.privacy} />. It is usually free, and we reply within one month.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          This site does not use advertising or analytics cookies, and there are no third-party trackers. It stores only what it needs to work
          on your device:
        </p>
        <ul className={list}>
          <li>your sign-in session: kept for the browser tab you signed in on (up to 12 hours), or for up to 30 days if you choose “remember me”;</li>
          <li>your quote request while you fill it in, until you send it;</li>
          <li>
            the app’s files, so the site loads quickly and works offline, and, once you have opened your policies while online, a copy of your
            policy details and the certificates for your active policies, so they open with no signal.
          </li>
        </ul>
        <p>
          Signing out, or your session expiring, removes your session and the saved policy data from the device. Because this storage is
          strictly necessary for the service you ask for, it does not need your consent.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s privacy',
    content: paragraphs(
      'Our service is not meant for children under 13, and we do not knowingly collect personal data from children under 13. If you think a ' +
        'child under 13 has given us their details, please contact us and we will delete them. Learner cover is for drivers aged 17 and over.',
    ),
  },
  {
    id: 'contact-and-complaints',
    title: 'Contact us and complaints',
    content: (
      <>
        <p>
          For questions about this policy or your data, e-mail <MailLink email={brand.emails.privacy} />, call{' '}
          <TelLink phone={brand.phones.support} /> or write to us at the address above.
        </p>
        <p>
          If you’re unhappy with how we have handled your data, please tell us first so we can put it right. You also have the right to complain
          to the Information Commissioner’s Office (ICO), the UK’s data protection regulator:{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={link} rel="noopener noreferrer">
            make a complaint on the ICO website
          </a>
          .
        </p>
        <p>
          We may update this policy; the date at the top shows when it last changed. Our{' '}
          <Link to="/terms-of-service" className={link}>
            Terms of Service
          </Link>{' '}
          explain how our service works.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead={`How ${brand.legalName} collects, uses and protects your personal data, under the UK GDPR and the Data Protection Act 2018.`}
      sections={SECTIONS}
    />
  );
}
