import { z } from 'zod';
import { body } from '../formats.js';
import { defineTool, PAID_UPSTREAM_READ } from '../types.js';

export const researchTools = [
  defineTool({
    name: 'websearch',
    group: 'Search & Research',
    summary: 'Search the web for news and announcements (not prices).',
    input: body({ query: z.string().min(1) }),
    price: '0.0729',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
  defineTool({
    name: 'crawlExtract',
    group: 'Search & Research',
    summary: 'Extract structured content from one or more web pages, optionally guided by a prompt.',
    input: body({
      url: z.union([z.url(), z.array(z.url()).min(1)]),
      prompt: z.string().optional(),
      enableWebSearch: z.boolean().optional(),
      options: z.strictObject({ retries: z.number().min(0).optional() }).optional(),
    }),
    price: '0.0836',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
];
