// A contact message the form accepts (shared/contact.ts): what a test posts when the message's
// content is not what it checks. Tests that look for their values in logs or spans keep their own.
export const validContact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "4420389041",
  subject: "Leasing",
  message: "Hello there.",
};

/** Posts a message to the contact API as the form's script does (JSON): `changes` over validContact. */
export const postContact = (baseUrl: string, changes: Partial<typeof validContact> = {}) =>
  fetch(`${baseUrl}/api/Geography/addContactUs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...validContact, ...changes }),
  });
