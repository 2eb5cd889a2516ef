import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxField, CountedTextAreaField, ErrorSummary, fixFieldsMessage, SelectField, TextAreaField, TextField } from './form.tsx';

/** The attribute's value on the first element whose tag is `tag`. */
const attribute = (html: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];

describe('form kit', () => {
  it('ties the label to the control and the message to it, and marks the control invalid', () => {
    const html = renderToStaticMarkup(<TextField label="Email" error="Please enter a valid email" type="email" />);
    const id = attribute(html, 'input', 'id');
    expect(id).toBeTruthy();
    expect(attribute(html, 'label', 'for')).toBe(id);
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true');
    const describedBy = attribute(html, 'input', 'aria-describedby');
    expect(html).toContain(`<p id="${describedBy}" class="mt-1 text-xs text-blood">Please enter a valid email</p>`);
  });

  it('describes a valid control by its hint only, and says nothing is wrong', () => {
    const html = renderToStaticMarkup(<TextAreaField label="Address" hint="Where the potions go" />);
    expect(attribute(html, 'textarea', 'aria-invalid')).toBe('false');
    const describedBy = attribute(html, 'textarea', 'aria-describedby');
    expect(html).toContain(`<p id="${describedBy}" class="mt-1 text-xs text-ash">Where the potions go</p>`);
    expect(html).not.toContain('text-blood');
  });

  it('a required field is required to assistive technology and shows a star only to the eye', () => {
    const html = renderToStaticMarkup(
      <SelectField label="State" required>
        <option value="">Choose</option>
      </SelectField>,
    );
    expect(html).toMatch(/<select[^>]*required/);
    expect(html).toContain('<span aria-hidden="true" class="text-gold">*</span>');
  });

  it('puts a checkbox inside its label with its hint as its description', () => {
    const html = renderToStaticMarkup(<CheckboxField label="Newsletter" hint="Once a moon" readOnly checked />);
    expect(html.startsWith('<label')).toBe(true);
    const describedBy = attribute(html, 'input', 'aria-describedby');
    expect(html).toContain(`id="${describedBy}"`);
  });

  it('counts a text area against its limit as the server counts, an emoji as one, and reads the count with the control', () => {
    const html = renderToStaticMarkup(<CountedTextAreaField label="Message on the card" value={'Blessed be 🌙\n'} limit={250} readOnly />);
    const describedBy = attribute(html, 'textarea', 'aria-describedby');
    expect(html).toContain(`<p id="${describedBy}" class="mt-1 text-xs text-ash">13 of 250 characters</p>`);
    const trimmed = renderToStaticMarkup(<CountedTextAreaField label="Message" value="  two  " limit={10} count={(text) => text.trim().length} readOnly />);
    expect(trimmed).toContain('3 of 10 characters');
    expect(trimmed).not.toContain('7 of 10 characters');
  });

  it('announces the form-level message and renders nothing without one', () => {
    expect(renderToStaticMarkup(<ErrorSummary>{null}</ErrorSummary>)).toBe('');
    expect(renderToStaticMarkup(<ErrorSummary>Login failed</ErrorSummary>)).toContain('role="alert"');
    expect(fixFieldsMessage([])).toBeNull();
    expect(fixFieldsMessage(['Name is required'])).toBe('Please fix 1 field: Name is required');
    expect(fixFieldsMessage(['Name is required', 'Price is required'])).toBe('Please fix 2 fields: Name is required');
  });
});
