/**
 * What each role's menu offers, in order: what the service lets that role use (issue 11).
 * role-menus.spec.ts holds the manager's menu to it, accessibility.spec.ts the others' as it walks
 * their screens.
 */
const EVERYTHING = ['Quick sale', 'Till', 'Orders', 'Returns', 'Home', 'Customers', 'Duplicates', 'Recalls', 'Doctors', 'Catalog', 'Stock', 'Stock-take', 'Transfers', 'Labels', 'Invoices', 'Receipts', 'Purchasing', 'GST returns', 'Dashboard', 'Chain', 'Reports', 'Audit', 'Printers', 'Messages', 'Backups', 'Users', 'My password'];
export const MENUS: Record<string, string[]> = {
  admin: EVERYTHING,
  manager: EVERYTHING.filter((e) => e !== 'Users' && e !== 'Chain'),
  cashier: EVERYTHING.filter((e) => e !== 'Duplicates' && e !== 'Purchasing' && e !== 'GST returns' && e !== 'Recalls' && e !== 'Dashboard' && e !== 'Chain' && e !== 'Reports' && e !== 'Audit' && e !== 'Messages' && e !== 'Backups' && e !== 'Users'),
  optometrist: ['Home', 'Customers', 'Recalls', 'Doctors', 'Catalog', 'Stock', 'Printers', 'My password'],
};
