// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the development outbox, which
// keeps messages in memory and prints them to the log (never available in production; config refuses).

import type { Transporter } from 'nodemailer'
import { DependencyUnavailable } from './dependency'
import type { Logger } from './logger'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export interface OutboxEntry extends MailMessage {
  sent_at: string
}

/** Development outbox: readable through GET /dev/outbox outside production. */
export class DevOutbox implements Mailer {
  readonly messages: OutboxEntry[] = []
  constructor(private readonly log: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.messages.push({ ...message, sent_at: new Date().toISOString() })
    if (this.messages.length > 200) this.messages.shift()
    this.log.info('dev_outbox.mail', { to: message.to, subject: message.subject, text: message.text })
  }

  latestFor(email: string): OutboxEntry[] {
    const wanted = email.trim().toLowerCase()
    return this.messages.filter((m) => m.to.toLowerCase() === wanted).reverse()
  }
}

export function smtpMailer(smtpUrl: string, from: string, timeoutSeconds = 10): Mailer {
  // nodemailer waits minutes by default (2 min to connect, 10 min per socket read): a mail server that
  // accepts the connection and then stays silent would hold every sign-in that long.
  const ms = timeoutSeconds * 1000
  // nodemailer is loaded with the first message, not at start-up.
  let transport: Promise<Transporter> | null = null
  const transporter = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: ms,
        greetingTimeout: ms,
        socketTimeout: ms,
      }),
    )
    return transport
  }
  return {
    async send(message) {
      try {
        await (await transporter()).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
      } catch (error) {
        // Unreachable, refusing or rejecting: either way the mail is not on its way, and the caller
        // should hear "try again" (503), not "we broke" (500).
        throw new DependencyUnavailable('mail', error)
      }
    },
  }
}
