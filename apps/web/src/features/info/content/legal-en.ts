import type { LegalContent } from "./types";

// Rupa's legal texts in English, a translation of legal-id.ts. Where the two differ, the Indonesian
// text prevails. Figures follow docs/product/privacy-and-legal.md (24-hour photo deletion, 7-day
// refund guarantee, minimum age 13, deletion within 30 days, 30 days' notice of price changes).

const content: LegalContent = {
  updated: "2026-11-21",
  terms: {
    intro:
      "These Terms & Conditions govern your use of Rupa, an AI avatar service for users in Indonesia. By opening the site, creating an account or making an avatar, you agree to these terms. If you do not agree, please do not use Rupa. The Indonesian version of these terms prevails over this translation.",
    sections: [
      {
        id: "service",
        heading: "1. About the service",
        blocks: [
          "Rupa turns the photo you upload into styled avatars (for example cartoon, formal CV/CPNS photos, hijab, retro and action figures) using artificial-intelligence models. Rupa also offers Kanvas for making images from text or from images, a gallery of your results, a referral programme and credit purchases.",
          "The service is intended for users in Indonesia. Prices are shown in Rupiah and payments are processed by an Indonesian payment partner.",
        ],
      },
      {
        id: "age",
        heading: "2. Age and accounts",
        blocks: [
          {
            list: [
              "You must be at least 13 years old to use Rupa. If you are under 18, you need the permission of a parent or guardian, and purchases must be made by them or with their consent.",
              "Your registration details (full name, phone number and e-mail) must be accurate and your own. A new account becomes active once its e-mail is confirmed.",
              "You are responsible for keeping your password secret and for all activity on your account. Tell us at once through the Feedback page about any unauthorised use.",
              "One person may not create several accounts to collect bonus credits or referral rewards.",
            ],
          },
        ],
      },
      {
        id: "credits",
        heading: "3. Credits, the free try and watermarks",
        blocks: [
          {
            list: [
              "One avatar costs 1 credit. The cost of a Kanvas image is shown on the Kanvas screen before you create it.",
              "Visitors without an account may make 1 free avatar per device. Free-try results always carry a watermark.",
              "New accounts receive free bonus credits in the amount shown at sign-up. Bonus credits do not expire and their results carry a watermark.",
              "An avatar is watermarked when, at the moment the credit is spent, every credit you hold is a free credit. Results from paid credits carry no watermark.",
              "Credits are spent from the package that expires first. Credits cannot be cashed out, sold or transferred to another account.",
              "If a generation fails for any reason, the credit spent on it is returned automatically.",
            ],
          },
        ],
      },
      {
        id: "payments",
        heading: "4. Plans, prices and payment",
        blocks: [
          "Monthly and yearly credit plans are prepaid purchases. Credits arrive in your account as soon as the payment is confirmed and are valid for 30 days (monthly plans) or 365 days (yearly plans). Plans are never renewed automatically: we never charge you again without your action.",
          "Payments are processed by Midtrans (QRIS, GoPay, ShopeePay, bank virtual accounts and convenience stores). Rupa does not store your card or bank account details.",
          "We may change plan prices. Price changes are announced at least 30 days before they take effect and do not affect credits you have already bought.",
        ],
      },
      {
        id: "refund",
        heading: "5. Money-back guarantee",
        blocks: [
          "You can ask for a full refund within 7 days of purchase as long as the credits from that purchase are unused. Details are in the Refunds section of our Service Policies.",
        ],
      },
      {
        id: "content",
        heading: "6. Your photos and your results",
        blocks: [
          "You keep your rights to the photos you upload. You give Rupa a limited permission to store and process them only to make the results you ask for. Original photos are deleted automatically 24 hours after upload.",
          "You may use your avatars and Kanvas images for personal and commercial purposes, as long as this does not break the law or anyone else's rights. Results stay in your gallery until you delete them.",
          "Only upload photos of yourself, or of other people who have given their permission. Pop-culture themed styles are only inspired by, and not affiliated with, any brand or character owner.",
        ],
      },
      {
        id: "prohibited",
        heading: "7. Prohibited use",
        blocks: [
          "You may not use Rupa to:",
          {
            list: [
              "create pornography, sexual content involving children, or extremely violent content;",
              "impersonate others, deceive, or forge documents (including ID photos for official documents in someone else's name);",
              "insult, harass or spread hatred based on ethnicity, religion, race or group;",
              "infringe other people's copyright, trademarks or privacy;",
              "get around system limits, the free try or the referral programme, or interfere with the security of the service.",
            ],
          },
          "Text you write (Kanvas prompts and action-figure fields) is checked against a list of banned words before any credit is spent. We may refuse requests, remove content, and suspend or close accounts that break these rules.",
        ],
      },
      {
        id: "liability",
        heading: "8. Limitation of liability",
        blocks: [
          "AI results may differ from what you expect and are not always a perfect likeness. The service is provided as is; we work to keep Rupa available, but temporary interruptions can happen. To the extent the law allows, our liability is limited to the amount you paid Rupa in the last 3 months.",
        ],
      },
      {
        id: "deletion",
        heading: "9. Deleting your account",
        blocks: [
          "You can delete your account at any time from the Plans & Billing page. Remaining credits lapse when the account is deleted, and your data is removed from our systems within 30 days, except transaction records we must keep by law.",
        ],
      },
      {
        id: "changes",
        heading: "10. Changes, governing law and contact",
        blocks: [
          "We may update these terms. Important changes are announced in the app or by e-mail before they take effect. These terms are governed by the laws of the Republic of Indonesia. Disputes are first settled amicably, then by the competent district court in Indonesia.",
          "Questions about these terms can be sent through the Feedback page. We reply within 24 hours.",
        ],
      },
    ],
  },
  privacy: {
    intro:
      "This Privacy Policy explains what data Rupa collects, what it is used for, how long it is kept, and your rights under Indonesia's Personal Data Protection Law (Law No. 27 of 2022).",
    sections: [
      {
        id: "data",
        heading: "1. Data we collect",
        blocks: [
          {
            list: [
              "Account data: full name, e-mail, phone number, password (stored as a hash), language choice and account role.",
              "Photos and results: the face photos you upload (specific, biometric personal data), the avatars and Kanvas images you make, and the text you write to make them.",
              "Photo consent: the version of the consent text you agreed to, when, and your IP address as a keyed hash (never the address itself).",
              "Processing log: when your photo was sent to an AI provider (and which), when your photos were deleted and why, when consent was given or withdrawn.",
              "Credit and payment data: balance, usage history, orders and payment status from Midtrans. We never receive or store your card number or bank details.",
              "Device data for the free try: a hashed browser fingerprint and your IP address, so each device gets only 1 free try.",
              "Usage data: styles viewed, clicked and used, and security records such as failed sign-in attempts.",
            ],
          },
        ],
      },
      {
        id: "purposes",
        heading: "2. What the data is used for",
        blocks: [
          {
            list: [
              "Running the service: making avatars, keeping your gallery, managing credits and processing payments.",
              "Security: preventing abuse, limiting excessive attempts and protecting accounts.",
              "Improving Rupa: learning which styles are popular (aggregated data).",
              "Contacting you: confirmation e-mails, password resets and replies to feedback. We do not send advertising without your consent.",
            ],
          },
          "We do not sell your personal data and we do not use your photos to train AI models.",
          "Face photos are processed only with your consent, which we ask for before your first upload (members: when signing up). Without it, no photo is uploaded. When the consent text changes, we ask again.",
        ],
      },
      {
        id: "retention",
        heading: "3. How long data is kept",
        blocks: [
          {
            list: [
              "Original photos you upload are deleted automatically 24 hours after upload. Members can choose otherwise in Privacy settings: deleted right after their avatars are made, or kept 7 days.",
              "Avatars and Kanvas images are kept until you delete them or delete your account.",
              "After you delete your account, all its data is deleted within 30 days.",
              "Payment transaction records are kept for as long as tax and accounting rules require, in the most minimal form possible.",
            ],
          },
        ],
      },
      {
        id: "processors",
        heading: "4. Who processes the data",
        blocks: [
          "We share data only as far as needed with providers that help run Rupa, under agreements that oblige them to keep it confidential:",
          {
            list: [
              "Midtrans, to process payments;",
              "the active AI model provider (Replicate, OpenAI, Hugging Face or Kie.ai; the photo consent names it), which receives your photo only to make the result you asked for; when none is active, avatars are made on Rupa's own server;",
              "storage providers (Rupa's server disk or S3-compatible object storage), hosting and e-mail delivery providers.",
            ],
          },
          "We may also disclose data when the law or an order of a competent authority requires it.",
        ],
      },
      {
        id: "storage",
        heading: "5. Cookies and local storage",
        blocks: [
          "Rupa uses a session cookie to keep you signed in, and your browser's local storage for your language choice, the selected style, recently used styles, the free-try status and a referral code during your visit. We use no third-party advertising cookies.",
        ],
      },
      {
        id: "rights",
        heading: "6. Your rights",
        blocks: [
          {
            list: [
              "To be informed about and access your personal data.",
              "To correct inaccurate data.",
              "To delete your data and account, directly from the Plans & Billing page.",
              "To withdraw your photo consent at any time in Privacy settings: processing stops at once, queued avatars are cancelled with their credits back, and all your original photos are deleted. Finished results stay until you delete them.",
              "To see the processing log of your photos in Privacy settings.",
              "To ask for a copy of your data (export) and object to certain processing.",
            ],
          },
          "Privacy settings are the Privacy section of the Plans & Billing page (Setting menu → Plans & Billing). Send other requests through the Feedback page. We reply within 24 hours and complete it within the time limits the law sets.",
        ],
      },
      {
        id: "security",
        heading: "7. Security and children",
        blocks: [
          "Data travels over encrypted connections, passwords are stored as hashes, and only you can see, download or delete your photos and results. Rupa is not intended for children under 13; if we learn that an account belongs to a child under 13, we delete it.",
        ],
      },
      {
        id: "changes",
        heading: "8. Changes to this policy",
        blocks: [
          "If this policy changes in an important way, we let you know in the app or by e-mail before the change takes effect.",
        ],
      },
    ],
  },
  policies: {
    payment: {
      intro: "How Rupa's credits and plans work, from payment to expiry.",
      sections: [
        {
          id: "methods",
          heading: "Payment methods",
          blocks: [
            "Payments are processed by Midtrans: QRIS, GoPay, ShopeePay, bank virtual accounts and convenience stores. All prices are in Rupiah without decimals and include applicable taxes.",
            "Credits arrive once Midtrans confirms the payment. If a payment is pending, the credits arrive automatically when it settles; you never need to pay twice.",
          ],
        },
        {
          id: "plans",
          heading: "Prepaid plans",
          blocks: [
            {
              list: [
                "Monthly plans: credits are valid for 30 days from payment.",
                "Yearly plans: credits are valid for 365 days from payment, at a lower price than 12 monthly plans.",
                "Plans never renew automatically. You can buy a new plan at any time; older credits stay valid until they expire.",
                "We remind you of credits that are about to expire 7 days in advance.",
              ],
            },
          ],
        },
        {
          id: "prices",
          heading: "Price changes",
          blocks: [
            "Price changes are announced at least 30 days before they take effect. The price you paid for a plan you already bought never changes.",
          ],
        },
      ],
    },
    refund: {
      intro: "We want you to be happy. If you are not, this is how you get your money back.",
      sections: [
        {
          id: "guarantee",
          heading: "7-day guarantee",
          blocks: [
            "You can ask for a full refund within 7 days of purchase as long as the credits from that purchase are unused.",
          ],
        },
        {
          id: "automatic",
          heading: "Automatic credit refunds",
          blocks: [
            "If an avatar or Kanvas image fails because of a system or AI-provider error, the credit spent is returned to your account automatically, straight away.",
          ],
        },
        {
          id: "how",
          heading: "How to ask",
          blocks: [
            {
              list: [
                'Send a request through the Feedback page with the type "Question" or "Other", stating your account e-mail and order number.',
                "We reply within 24 hours.",
                "The money is returned to the original payment method within 14 working days of approval; when it arrives depends on your bank or e-wallet.",
                "The credits from a refunded purchase are removed from your account.",
              ],
            },
          ],
        },
      ],
    },
    content: {
      intro: "Content rules that keep Rupa safe and fun for everyone.",
      sections: [
        {
          id: "photos",
          heading: "Photos you may upload",
          blocks: [
            "Upload photos of yourself, or of other people who have given their permission. Accepted formats: JPG, PNG, WebP and HEIC, up to 10 MB and at least 512x512 pixels.",
          ],
        },
        {
          id: "prohibited",
          heading: "Prohibited content",
          blocks: [
            {
              list: [
                "Pornography and sexual content, above all involving children.",
                "Extreme violence, terrorism and hate speech based on ethnicity, religion, race or group.",
                "Impersonating others or forging documents.",
                "Infringing copyright, trademarks or privacy.",
              ],
            },
            "Prompts and text fields are checked against a list of banned words before any credit is spent. Requests that break the rules are refused without taking a credit.",
          ],
        },
        {
          id: "enforcement",
          heading: "Enforcement",
          blocks: [
            "We may remove content and suspend or close accounts that break these rules. Report abuse through the Feedback page.",
          ],
        },
      ],
    },
    data: {
      intro:
        "A summary of how we protect your photos and data. The full details are in the Privacy Policy.",
      sections: [
        {
          id: "photos",
          heading: "Original photos deleted within 24 hours",
          blocks: [
            "Every accepted photo is decoded and re-encoded by our system, and the original is deleted automatically 24 hours after upload.",
          ],
        },
        {
          id: "results",
          heading: "Results are yours alone",
          blocks: [
            "Only you can see, download or delete your avatars and Kanvas images. Results are kept until you delete them.",
          ],
        },
        {
          id: "account",
          heading: "Deleting your account",
          blocks: [
            "After your account is deleted, your data is gone from our systems within 30 days, except transaction records we must keep by law.",
          ],
        },
      ],
    },
  },
};

export default content;
