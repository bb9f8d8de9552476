import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { isInactive } from '../customers/names.js';
import { useEndpoint } from '../core/service.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { ListScreen } from '../ui/ListScreen.js';
import { rowRange } from '../ui/Pager.js';
import { hrefFor } from '../core/router.js';

const PAGE_SIZE = 10;

export function DoctorList() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(text.trim(), 250);

  const list = useEndpoint(
    api.Customer.doctorListPage,
    // doctor-list-page matches a doctor's name by the filter's firstName (prefix).
    { body: { firstName: settled || null, ...rowRange(page, PAGE_SIZE) } },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.data ?? [];

  return (
    <ListScreen
      id="doctors"
      title="Doctors"
      head={
        <a className="button button-primary" href={hrefFor({ name: 'doctorNew' })}>
          New doctor
        </a>
      }
      filters={
        <div className="field search-field">
          <label htmlFor="doctor-search">Search by name</label>
          <input
            id="doctor-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
          />
        </div>
      }
      query={list}
      errorAction="list doctors"
      label="Doctors"
      columns={[
        {
          id: 'name', header: 'Name',
          cell: (d) => (
            <>
              <a className="row-link" href={hrefFor({ name: 'doctorEdit', doctorId: d.doctorID })}>
                {d.doctorName}
              </a>
            </>
          ),
        },
        { id: 'mobile', header: 'Mobile', className: 'mono', cell: (d) => d.mobile ?? '—' },
        { id: 'e-mail', header: 'E-mail', cell: (d) => d.email ?? '—' },
        { id: 'city', header: 'City', cell: (d) => d.city ?? '—' },
        { id: 'status', header: 'Status', cell: (d) => isInactive(d.isActive) ? <span className="tag tag-muted">Inactive</span> : <span className="tag">Active</span> },
      ]}
      rows={rows}
      rowKey={(d) => d.doctorID}
      empty={settled ? `No doctor matches “${settled}”.` : 'No doctors yet.'}
      // The doctor list always counts in full.
      total={list.data && { rows: list.data.totalRows }}
      paging={{ label: 'Doctor pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
    />
  );
}
