import { describe, expect, it } from 'vitest';
import { labelled, labelledErrors } from './field-labels.ts';

const labels = { bannerImage: 'Banner image', startDate: 'Start date', endDate: 'End date', name: 'Name' };

describe('server messages in a form\'s words', () => {
  it('puts the label in place of the field name, capitalised only where it opens the message', () => {
    expect(labelled('bannerImage is required', labels)).toBe('Banner image is required');
    expect(labelled('endDate must be after startDate', labels)).toBe('End date must be after start date');
    expect(labelled('name is required', labels)).toBe('Name is required');
  });

  it('leaves words that merely contain a field name, and unknown fields, alone', () => {
    expect(labelled('names must differ', labels)).toBe('names must differ');
    expect(labelled('priority must be between 1 and 10', labels)).toBe('priority must be between 1 and 10');
  });

  it('keeps each error on its field', () => {
    expect(labelledErrors([{ field: 'startDate', message: 'startDate is required' }], labels)).toEqual([{ field: 'startDate', message: 'Start date is required' }]);
  });
});
