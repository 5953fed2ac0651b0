// Mail transports: SMTP (nodemailer) when SMTP_URL is set; otherwise the log, which counts as delivered so the outbox
// shows what would have been sent.
import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox';

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export function logTransport(log: (msg: string) => void): MailTransport {
  return {
    name: 'log',
    async send(mail) {
      log(`mail to ${mail.to}: ${mail.subject}`);
    },
  };
}
