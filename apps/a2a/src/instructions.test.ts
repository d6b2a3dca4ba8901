import { Message } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { instructionOf } from './instructions.js';

const message = (parts: unknown[], metadata?: Record<string, unknown>) =>
  Message.fromJSON({ messageId: 'm', role: 'ROLE_USER', parts, metadata });

describe('instructionOf', () => {
  it('reads a tool call from a DataPart, input defaulting to {}', () => {
    expect(instructionOf(message([{ data: { tool: 'websearch', input: { query: 'x' } } }]))).toEqual({
      kind: 'call',
      tool: 'websearch',
      input: { query: 'x' },
    });
    expect(instructionOf(message([{ data: { tool: 'getUserMemoryCategories' } }]))).toEqual({
      kind: 'call',
      tool: 'getUserMemoryCategories',
      input: {},
    });
  });

  it('reads "/<tool> <json>" text, leaving text that is not JSON for validation to refuse', () => {
    expect(instructionOf(message([{ text: ' /hederaContractIdToEvmAddress {"contractId": "0.0.1"} ' }]))).toEqual({
      kind: 'call',
      tool: 'hederaContractIdToEvmAddress',
      input: { contractId: '0.0.1' },
    });
    expect(instructionOf(message([{ text: '/getUserMemoryCategories' }]))).toEqual({
      kind: 'call',
      tool: 'getUserMemoryCategories',
      input: {},
    });
    expect(instructionOf(message([{ text: '/websearch not json' }]))).toEqual({
      kind: 'call',
      tool: 'websearch',
      input: 'not json',
    });
  });

  it('reads the DataPart forms sent as JSON text: a call and an approval', () => {
    expect(instructionOf(message([{ text: ' {"tool": "websearch", "input": {"query": "x"}} ' }]))).toEqual({
      kind: 'call',
      tool: 'websearch',
      input: { query: 'x' },
    });
    expect(instructionOf(message([{ text: '{"approve": true}' }]))).toEqual({
      kind: 'approval',
      approve: true,
      approvalId: undefined,
    });
  });

  it('maps plain text to the tool it names, with the JSON object in it as the arguments', () => {
    expect(
      instructionOf(
        message([{ text: 'Please run hederaContractIdToEvmAddress with {"contractId": "0.0.1"} for me, thanks' }]),
      ),
    ).toEqual({ kind: 'call', tool: 'hederaContractIdToEvmAddress', input: { contractId: '0.0.1' } });
    expect(instructionOf(message([{ text: 'getUserMemoryCategories' }]))).toEqual({
      kind: 'call',
      tool: 'getUserMemoryCategories',
      input: {},
    });
    // A tool name inside the JSON does not pick the tool; JSON that does not parse reaches validation as text.
    expect(instructionOf(message([{ text: 'websearch {"query": "wallet"' }]))).toEqual({
      kind: 'call',
      tool: 'websearch',
      input: '{"query": "wallet"',
    });
    expect(instructionOf(message([{ text: 'websearch {query: wallet}' }]))).toEqual({
      kind: 'call',
      tool: 'websearch',
      input: '{query: wallet}',
    });
    expect(instructionOf(message([{ text: 'tell me about {"wallet": 1}' }]))).toEqual({ kind: 'unrecognized' });
  });

  it('reads approvals, with or without their id', () => {
    expect(instructionOf(message([{ data: { approve: false } }]))).toEqual({
      kind: 'approval',
      approve: false,
      approvalId: undefined,
    });
    expect(instructionOf(message([{ data: { approve: true, approvalId: 'a1' } }]))).toEqual({
      kind: 'approval',
      approve: true,
      approvalId: 'a1',
    });
  });

  it('reads x402 payment metadata before any part', () => {
    const payload = { x402Version: 2 };
    expect(
      instructionOf(
        message([{ data: { approve: true } }], {
          'x402.payment.status': 'payment-submitted',
          'x402.payment.payload': payload,
        }),
      ),
    ).toEqual({ kind: 'payment', payload });
    expect(instructionOf(message([{ text: 'no' }], { 'x402.payment.status': 'payment-rejected' }))).toEqual({
      kind: 'payment_rejected',
    });
  });

  it('recognizes nothing else', () => {
    expect(instructionOf(message([{ text: 'hello' }]))).toEqual({ kind: 'unrecognized' });
    expect(instructionOf(message([{ data: { approve: 'yes' } }, { text: 'please' }]))).toEqual({
      kind: 'unrecognized',
    });
  });
});
