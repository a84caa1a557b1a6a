/** The supplier filter of the staff's lists (bookings, calendar): every supplier, or one. */
export function SupplierSelect({
  id,
  label,
  anyLabel,
  value,
  suppliers,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: number | string | null | undefined;
  suppliers: ReadonlyArray<{ id: number; name: string }>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="supplier" defaultValue={value ?? ""}>
        <option value="">{anyLabel}</option>
        {suppliers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
