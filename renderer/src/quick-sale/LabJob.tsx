/**
 * What the counter asks for a lab job (issue 11): the lab, the fitter and the priority, sent with
 * SaveSale (supplierID, fitterID, priorityID) and printed on the job card; and the attached
 * customer's latest prescription, which a new lens pair starts from.
 */
import { api } from '../../../shared/endpoints/index.js';
import type { PrescriptionListItem } from '../../../shared/models/prescription.js';
import { historyValue, useOf } from '../prescriptions/history.js';
import { useEndpoint } from '../core/service.js';
import { formatDate } from '../ui/dates.js';
import type { LatestRx } from './LensPair.js';
import { Options } from '../ui/Options.js';

/** Labs, fitters and priorities change rarely: fetched once an hour at most. */
const HOUR = 60 * 60_000;

export interface LabJob {
  supplierID: string;
  fitterID: string;
  priorityID: string;
}

/** The newest active distance prescription of the customer as a pair's starting Rx; null when there is none. */
export function latestRxOf(items: readonly PrescriptionListItem[]): LatestRx | null {
  const item = items.find((i) => i.isActive !== false && useOf(i) === 'distance');
  if (!item) return null;
  const eye = (e: 'right' | 'left') => ({
    spherical: historyValue(item, e, 'sph') ?? '',
    cylinder: historyValue(item, e, 'cyl') ?? '',
    axis: historyValue(item, e, 'axis') ?? '',
    addition: historyValue(item, e, 'add') ?? '',
    pd: historyValue(item, e, 'pd') ?? '',
  });
  return { date: formatDate(item.visitingDate ?? item.visitingDateString), right: eye('right'), left: eye('left') };
}

export function useLatestRx(customerID: string | null): LatestRx | null {
  const query = useEndpoint(api.Customer.prescriptionList, customerID ? { body: { customerID } } : null);
  return customerID && query.data ? latestRxOf(query.data) : null;
}

function useDropdown(row: typeof api.QuickSale.suppliersDropdown) {
  return useEndpoint(row, undefined, { staleTime: HOUR });
}

export function LabJobFields({ value, onChange }: { value: LabJob; onChange: (value: LabJob) => void }) {
  const labs = useDropdown(api.QuickSale.suppliersDropdown);
  const fitters = useDropdown(api.QuickSale.fittersDropdown);
  const priorities = useDropdown(api.QuickSale.priorityDropdown);
  const select = (key: keyof LabJob, label: string, options: { id: string; name: string }[] | undefined) => (
    <div className="field">
      <label htmlFor={`qs-lab-${key}`}>{label}</label>
      <select id={`qs-lab-${key}`} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })}>
        <option value="">Not chosen</option>
        <Options of={options} />
      </select>
    </div>
  );
  return (
    <fieldset className="lab-job">
      <legend>Lab job</legend>
      {select('supplierID', 'Lab', labs.data)}
      {select('fitterID', 'Fitter', fitters.data)}
      {select('priorityID', 'Priority', priorities.data)}
    </fieldset>
  );
}
