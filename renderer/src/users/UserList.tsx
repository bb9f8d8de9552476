/** The admin's list of the store's users (issue 14): who, which role and branches, and their state. */
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint } from '../core/service.js';
import { hrefFor } from '../core/router.js';
import { ListScreen } from '../ui/ListScreen.js';

export function UserList() {
  const list = useEndpoint(api.Users.list, {});
  const rows = list.data ?? [];
  return (
    <ListScreen
      id="users"
      title="Users"
      head={
        <a className="button button-primary" href={hrefFor({ name: 'userNew' })}>
          New user
        </a>
      }
      query={list}
      errorAction="list users"
      label="Users"
      columns={[
        {
          id: 'user-name', header: 'User name',
          cell: (u) => (
            <>
              <a className="row-link" href={hrefFor({ name: 'userEdit', userId: u.userID })}>
                {u.userName}
              </a>
            </>
          ),
        },
        { id: 'name', header: 'Name', cell: (u) => u.fullName ?? '—' },
        { id: 'role', header: 'Role', cell: (u) => u.roleName },
        { id: 'branches', header: 'Branches', cell: (u) => u.branchNames.join(', ') },
        {
          id: 'status', header: 'Status',
          cell: (u) => (
            <>
              {u.isActive ? <span className="tag">Active</span> : <span className="tag tag-muted">Disabled</span>}{' '}
              {u.isActive && u.mustChangePassword && <span className="tag tag-muted">Password to choose</span>}
            </>
          ),
        },
      ]}
      rows={rows}
      rowKey={(u) => u.userID}
      empty="No users."
      // One company's staff: never more than a page.
      total={undefined}
      paging={{ label: 'User pages', page: 1, pageSize: rows.length, onPage: () => undefined }}
    />
  );
}
