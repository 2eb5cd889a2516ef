/** One question of the quiz: chips that are real radio buttons or checkboxes underneath, so keys and readers work. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  selected,
  multiple = false,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: V; label: string; hint?: string }[];
  selected: readonly V[];
  multiple?: boolean;
  onChange: (next: V[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="eyebrow mb-3">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={`cursor-pointer rounded-md border px-4 py-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-bright ${
                checked ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-mist hover:border-gold/60'
              }`}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => {
                  if (!multiple) onChange([option.value]);
                  else onChange(checked ? selected.filter((value) => value !== option.value) : [...selected, option.value]);
                }}
                className="sr-only"
              />
              <span className="block font-display text-sm tracking-wider">{option.label}</span>
              {option.hint ? <span className="block text-xs text-ash">{option.hint}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
