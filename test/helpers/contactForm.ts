// A contact message the form accepts (shared/contact.ts): what a test posts when the message's
// content is not what it checks. Tests that look for their values in logs or spans keep their own.
export const validContact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "4420389041",
  subject: "Leasing",
  message: "Hello there.",
};
