// The relay's own `{error}` sentences (the form shows the texts of docs/product.md section 8; API clients read these).
export const relayErrors = {
  tooLarge: "The message is too large: the limit is 16 KB.",
  unsupportedType: "Send the message as JSON (application/json) or as a form (application/x-www-form-urlencoded).",
  unsupportedCharset: "Send the message encoded as UTF-8.",
  malformedJson: "The message is not valid JSON.",
  notAnObject: "The message must be a JSON object with name, email, phone, subject and message.",
  badRequest: "The message could not be read.",
  rateLimited: "Too many messages from your address. Please try again later.",
  upstreamFailed: "The message could not be delivered. Please try again later.",
  upstreamTimeout: "The message service did not answer in time. Please try again later.",
  notStored: "The message could not be saved. Please try again later.",
} as const;
