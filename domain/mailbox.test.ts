import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('counts the spellings of one Gmail inbox as one: case, dots, +tags and googlemail.com', () => {
    const spellings = ['priya.sharma@gmail.com', 'PriyaSharma@Gmail.com', 'p.r.i.y.a.sharma+shop@gmail.com', 'priyasharma+1+2@googlemail.com', ' priyasharma@GMAIL.COM '];
    expect(new Set(spellings.map(mailboxKey))).toEqual(new Set(['priyasharma@gmail.com']));
  });

  it('drops a +tag on any domain but keeps the dots outside Gmail, where they name another inbox', () => {
    expect(mailboxKey('Asha+news@Deosil.test')).toBe('asha@deosil.test');
    expect(mailboxKey('a.sha@deosil.test')).toBe('a.sha@deosil.test');
    expect(mailboxKey('a.sha@deosil.test')).not.toBe(mailboxKey('asha@deosil.test'));
  });

  it('keeps a local part that is only a tag, and the domain of two different mailboxes apart', () => {
    expect(mailboxKey('+tag@deosil.test')).toBe('+tag@deosil.test');
    expect(mailboxKey('asha@deosil.test')).not.toBe(mailboxKey('asha@deosil.example'));
  });
});
