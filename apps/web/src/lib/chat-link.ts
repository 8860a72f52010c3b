/**
 * A link that opens the chat app with a message typed in. Without a configured number the chat
 * app asks which contact to send it to.
 */
export function chatLink(chatNumber: string | null | undefined, message: string): string {
  return `https://wa.me/${chatNumber ?? ''}?text=${encodeURIComponent(message)}`;
}

export function topUpMessage(email: string | null | undefined): string {
  return `Hello Sayso team, I would like to top up my balance. My account email is ${email ?? '(not signed in)'}.`;
}
