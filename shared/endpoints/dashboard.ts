import { endpoint } from '../contract/endpoint.js';
import { MANAGERS } from '../contract/roles.js';
import { DashboardData, EncryptedDashboardRequestDto } from '../models/dashboard.js';

export const Dashboard = {
  dashboardData: endpoint({
    group: 'Dashboard',
    name: 'Dashboard.dashboardData',
    method: 'POST',
    path: '/api/Dashboard/dashboardData',
    summary: 'A branch’s day: sales, collections by payment kind, orders by status, deliveries due, balances, top items.',
    body: EncryptedDashboardRequestDto,
    response: DashboardData,
    auth: MANAGERS,
    note: 'Response shape is ours (spec: not shown); amounts in rupees; managers only.',
  }),
};
