import { createHmac } from 'node:crypto';

import type { toBuffer } from 'bwip-js/node';
import type PDFKitDocument from 'pdfkit';

import { type Product, productLabels } from './subscription-lifecycle';

/**
 * The PDF of a monthly ticket (downloadTicketPdf): holder, validity month, subscription and ticket
 * number, product and company, and a 2D Aztec code like the operators' tickets carry, made with
 * bwip-js and embedded as PNG. Every page says that it is a sandbox ticket, not a valid one.
 */

export interface TicketPdfData {
  ticketNumber: string;
  subscriptionNumber: string;
  product: Product;
  validFrom: string;
  validUntil: string;
  holder: { firstName: string; lastName: string; birthdate: string };
  companyName?: string | null | undefined;
}

export interface TicketPdfOptions {
  /** Signs the barcode's content, as a real ticket's barcode is signed by its issuer. */
  secret: string;
  /** Deflate the page contents (the default); tests may turn it off to read the text. */
  compress?: boolean;
}

function germanDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

export function validityMonthLabel(validFrom: string, locale: 'de-DE' | 'en-US'): string {
  const [year = 0, month = 1] = validFrom.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(year, month - 1, 1));
}

export function holderName(data: TicketPdfData): string {
  return `${data.holder.firstName} ${data.holder.lastName}`;
}

/** What the Aztec code holds: the ticket's data, separated by |, and an HMAC over it. */
export function ticketBarcodeText(data: TicketPdfData, secret: string): string {
  const content = [
    'SANDBOX-TICKET',
    data.ticketNumber,
    data.subscriptionNumber,
    data.product,
    data.validFrom,
    data.validUntil,
    data.holder.lastName,
    data.holder.firstName,
    data.holder.birthdate,
  ].join('|');
  const signature = createHmac('sha256', secret).update(content).digest('base64url').slice(0, 16);
  return `${content}|${signature}`;
}

/**
 * pdfkit and bwip-js, imported on the first PDF a customer asks for and kept: at the sandbox's
 * start they cost some 40 MB of memory and time for an answer most runs never give (issue 14).
 */
let pdfLibraries: Promise<{ toBuffer: typeof toBuffer; PDFDocument: typeof PDFKitDocument }> | undefined;
function loadPdfLibraries() {
  pdfLibraries ??= Promise.all([import('bwip-js/node'), import('pdfkit')]).then(([bwip, pdfkit]) => ({ toBuffer: bwip.toBuffer, PDFDocument: pdfkit.default }));
  return pdfLibraries;
}

export async function ticketBarcodePng(data: TicketPdfData, secret: string): Promise<Buffer> {
  const libraries = await loadPdfLibraries();
  return libraries.toBuffer({
    bcid: 'azteccode',
    text: ticketBarcodeText(data, secret),
    scale: 4,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}

export async function renderTicketPdf(data: TicketPdfData, options: TicketPdfOptions): Promise<Uint8Array> {
  const [{ PDFDocument }, barcode] = await Promise.all([loadPdfLibraries(), ticketBarcodePng(data, options.secret)]);
  const product = productLabels[data.product];
  const name = holderName(data);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    compress: options.compress ?? true,
    info: {
      Title: `${product['de-DE']} ${validityMonthLabel(data.validFrom, 'de-DE')} - ${name}`,
      Subject: `Ticket ${data.ticketNumber}, subscription ${data.subscriptionNumber}`,
      Author: 'Ticket portal sandbox',
      Keywords: 'sandbox, not a valid ticket',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const left = 48;
  const width = doc.page.width - 2 * left;

  // Header band with the product.
  doc.rect(0, 0, doc.page.width, 110).fill('#1f4e79');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text(product['de-DE'], left, 36, { width });
  doc.font('Helvetica').fontSize(12).text(product['en-US'], left, 70, { width });

  // The sandbox notice.
  doc.fillColor('#b00020').font('Helvetica-Bold').fontSize(11).text('SANDBOX - kein gültiger Fahrschein / not a valid ticket', left, 126, { width });

  // The ticket's data on the left, the Aztec code on the right.
  const codeSize = 200;
  const codeLeft = doc.page.width - left - codeSize;
  const textWidth = codeLeft - left - 24;
  let y = 160;
  const field = (label: string, value: string, size = 14) => {
    doc.fillColor('#555555').font('Helvetica').fontSize(9).text(label, left, y, { width: textWidth });
    doc
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(size)
      .text(value, left, doc.y + 2, { width: textWidth });
    y = doc.y + 12;
  };
  field('Inhaber / Holder', name, 18);
  field('Geburtsdatum / Date of birth', germanDate(data.holder.birthdate));
  field('Gültig im / Valid in', `${validityMonthLabel(data.validFrom, 'de-DE')} (${germanDate(data.validFrom)} - ${germanDate(data.validUntil)})`);
  field('Abo-Nummer / Subscription number', data.subscriptionNumber);
  field('Ticketnummer / Ticket number', data.ticketNumber);
  field('Produkt / Product', product['de-DE']);
  if (data.companyName) field(data.product === 'seti' ? 'Hochschule / University' : 'Arbeitgeber / Employer', data.companyName);

  doc.image(barcode, codeLeft, 160, { fit: [codeSize, codeSize] });
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(8)
    .text('Aztec-Code zur Kontrolle / for inspection', codeLeft, 160 + codeSize + 6, { width: codeSize, align: 'center' });

  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(9)
    .text(
      'Persönliches Ticket, nur gültig mit amtlichem Lichtbildausweis. Personal ticket, valid only with an official photo ID. ' +
        'Dieses Dokument stammt aus der Sandbox des Ticketportals. / This document comes from the ticket portal sandbox.',
      left,
      Math.max(y, 160 + codeSize + 30) + 20,
      { width },
    );

  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
