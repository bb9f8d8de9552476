import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import { isInactive } from '../customers/CustomerList.js';
import { useEndpoint } from '../app/service.js';
import { useDebouncedValue } from '../ui/debounce.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Pager, rowRange } from '../ui/Pager.js';
import { hrefFor } from '../app/router.js';

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
    <section className="panel screen" aria-labelledby="doctors-title">
      <header className="screen-head">
        <h1 id="doctors-title">Doctors</h1>
        <a className="button button-primary" href={hrefFor({ name: 'doctorNew' })}>
          New doctor
        </a>
      </header>

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

      {list.isError && <ErrorBanner banner={bannerFor(list.error, 'list doctors')} />}

      <table className="data-table" aria-label="Doctors">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Mobile</th>
            <th scope="col">E-mail</th>
            <th scope="col">City</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.doctorID}>
              <td>
                <a className="row-link" href={hrefFor({ name: 'doctorEdit', doctorId: d.doctorID })}>
                  {d.doctorName}
                </a>
              </td>
              <td className="mono">{d.mobile ?? '—'}</td>
              <td>{d.email ?? '—'}</td>
              <td>{d.city ?? '—'}</td>
              <td>{isInactive(d.isActive) ? <span className="tag tag-muted">Inactive</span> : <span className="tag">Active</span>}</td>
            </tr>
          ))}
          {list.isSuccess && rows.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                {settled ? `No doctor matches “${settled}”.` : 'No doctors yet.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>

      {list.data && <Pager label="Doctor pages" page={page} pageSize={PAGE_SIZE} totalRows={list.data.totalRows} onPage={setPage} />}
    </section>
  );
}
