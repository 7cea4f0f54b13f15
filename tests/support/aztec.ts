import { inflateSync } from 'node:zlib';

import { AztecCodeReader, BinaryBitmap, GlobalHistogramBinarizer, HybridBinarizer, RGBLuminanceSource, ZXingStringEncoding } from '@zxing/library';

// ZXing-js's Latin-1 decoding outside a browser percent-decodes the bytes and fails on an umlaut;
// each byte is its code point in ISO-8859-1 (the Aztec default; TextDecoder's 'latin1' is windows-1252).
ZXingStringEncoding.customDecoder = (bytes, encodingName) =>
  encodingName === 'ISO-8859-1' ? String.fromCharCode(...bytes) : new TextDecoder(encodingName).decode(bytes);

/**
 * bwip-js writes the text's UTF-8 bytes without an ECI designator (the PDF's code and the screen's
 * alike), so a scanner guesses the character set as ZXing does in Java: UTF-8 when the bytes (read
 * as Latin-1) are valid UTF-8, else Latin-1.
 */
function guessUtf8(latin1: string): string {
  const bytes = Uint8Array.from(latin1, (char) => char.charCodeAt(0) & 0xff);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return latin1;
  }
}

/**
 * Reads an Aztec code the way a ticket inspector's scanner does (ZXing's Aztec reader), from a
 * grey image (one byte a pixel, 0 black to 255 white). Tests decode the ticket PDF's code, the
 * show-ticket screen's SVG and a screenshot of it with this one function, so "the same content"
 * means what a scanner reads, not what the code was asked to draw.
 */
export function decodeAztec(luminance: Uint8ClampedArray, width: number, height: number): string {
  const source = new RGBLuminanceSource(luminance, width, height);
  let lastError: unknown;
  for (const binarizer of [new HybridBinarizer(source), new GlobalHistogramBinarizer(source)]) {
    try {
      return guessUtf8(new AztecCodeReader().decode(new BinaryBitmap(binarizer)).getText());
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`no Aztec code found: ${String(lastError)}`);
}

/** RGBA pixels (a canvas's ImageData, a PNG) as grey, transparent counting as white paper. */
export function rgbaToLuminance(rgba: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const alpha = rgba[i * 4 + 3]! / 255;
    const value = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    grey[i] = Math.round(value * alpha + 255 * (1 - alpha));
  }
  return grey;
}

/**
 * Rasterizes a bwip-js SVG (a viewBox, a background rect and one path of straight segments, filled
 * with the nonzero rule) at `step` viewBox units a pixel, by the winding number at each pixel's centre.
 */
export function rasterizeBarcodeSvg(svg: string, step = 1): { luminance: Uint8ClampedArray; width: number; height: number } {
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!viewBox) throw new Error('no viewBox');
  const width = Math.ceil(Number(viewBox[1]) / step);
  const height = Math.ceil(Number(viewBox[2]) / step);
  const edges: [number, number, number, number][] = [];
  for (const [, d] of svg.matchAll(/<path[^>]* d="([^"]+)"/g)) {
    for (const sub of d!.split(/Z/i)) {
      const points = [...sub.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
      for (let i = 0; i < points.length; i += 1) {
        const [x1, y1] = points[i]!;
        const [x2, y2] = points[(i + 1) % points.length]!;
        if (y1 !== y2) edges.push([x1, y1, x2, y2]);
      }
    }
  }
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  for (let row = 0; row < height; row += 1) {
    const y = (row + 0.5) * step;
    const crossings = edges
      .filter(([, y1, , y2]) => (y1 <= y && y < y2) || (y2 <= y && y < y1))
      .map(([x1, y1, x2, y2]) => ({ x: x1 + ((y - y1) * (x2 - x1)) / (y2 - y1), dir: y2 > y1 ? 1 : -1 }))
      .sort((a, b) => a.x - b.x);
    for (let col = 0; col < width; col += 1) {
      const x = (col + 0.5) * step;
      let winding = 0;
      for (const crossing of crossings) if (crossing.x < x) winding += crossing.dir;
      if (winding !== 0) luminance[row * width + col] = 0;
    }
  }
  return { luminance, width, height };
}

/**
 * The images embedded in a PDF, decoded to grey: pdfkit writes a PNG's pixels Flate-compressed,
 * either with the PNG row filters (/Predictor 15) or plain, in DeviceRGB or DeviceGray.
 */
export function pdfImages(pdf: Buffer): { luminance: Uint8ClampedArray; width: number; height: number; hasMask: boolean }[] {
  const text = pdf.toString('latin1');
  const result: { luminance: Uint8ClampedArray; width: number; height: number; hasMask: boolean }[] = [];
  const pattern = /<<((?:(?!>>\s*stream)[\s\S])*?\/Subtype \/Image[\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const dictionary = match[1]!;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    let data = pdf.subarray(start, end);
    if (dictionary.includes('/FlateDecode')) data = inflateSync(data);
    const width = Number(/\/Width (\d+)/.exec(dictionary)![1]);
    const height = Number(/\/Height (\d+)/.exec(dictionary)![1]);
    const colors = dictionary.includes('/DeviceRGB') ? 3 : 1;
    const predicted = /\/Predictor 1[0-5]/.test(dictionary);
    const pixels = predicted ? unfilterPng(data, width, height, colors) : new Uint8Array(data);
    const luminance = new Uint8ClampedArray(width * height);
    for (let i = 0; i < width * height; i += 1) {
      luminance[i] = colors === 3 ? Math.round(0.299 * pixels[i * 3]! + 0.587 * pixels[i * 3 + 1]! + 0.114 * pixels[i * 3 + 2]!) : pixels[i]!;
    }
    result.push({ luminance, width, height, hasMask: dictionary.includes('/SMask') });
  }
  return result;
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) of 8-bit samples. */
function unfilterPng(data: Buffer, width: number, height: number, bytesPerPixel: number): Uint8Array {
  const stride = width * bytesPerPixel;
  const out = new Uint8Array(stride * height);
  for (let row = 0; row < height; row += 1) {
    const filter = data[row * (stride + 1)]!;
    const line = data.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= bytesPerPixel ? out[row * stride + i - bytesPerPixel]! : 0;
      const up = row > 0 ? out[(row - 1) * stride + i]! : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? out[(row - 1) * stride + i - bytesPerPixel]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[row * stride + i] = (line[i]! + predictor) & 0xff;
    }
  }
  return out;
}
