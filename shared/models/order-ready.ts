/**
 * The "order ready" message to the customer (issue 16): the store's template, the message for
 * one order with a click-to-chat link, and "customer told" journaled on the order. Declared
 * extensions: the spec sends no messages.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';

/** The placeholders a template may use, each filled from the order. */
export const READY_PLACEHOLDERS = ['customer', 'order', 'balance', 'store', 'due'] as const;

export const ReadyMessageTemplate = z.object({
  template: z.string(),
  /** Whether the store set its own (false: the built-in wording). */
  custom: z.boolean(),
  placeholders: z.array(z.string()),
});

export const SetReadyMessageTemplateRequest = z.object({
  /** Empty puts the built-in wording back. */
  template: bounded('template'),
});

export const ReadyMessage = z.object({
  /** The template filled for this order. */
  text: z.string(),
  /** https://wa.me/91<mobile>?text=…; null when the customer has no 10-digit Indian mobile on file. */
  whatsAppUrl: z.string().nullable(),
  /** When the customer was last told, ISO; null when never. */
  toldAt: z.string().nullable(),
});

export const TOLD_CHANNELS = ['whatsapp', 'copied', 'phone'] as const;

export const CustomerToldRequest = z.object({
  /** How: the click-to-chat link, the message copied (to send by SMS or another app), or a call. */
  channel: z.enum(TOLD_CHANNELS),
});

export const CustomerToldResponse = z.object({ toldAt: z.string() });
