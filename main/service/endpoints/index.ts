/** Every endpoint the embedded service has built, one folder per endpoint group. */
import type { Handler } from '../http/handler.js';
import { getProfile } from './account/get-profile.js';
import { userDetails } from './account/user-details.js';
import { login } from './auth/login.js';
import { checkDuplicate } from './customer/check-duplicate.js';
import { deletePrescription } from './customer/delete-prescription.js';
import { detail } from './customer/detail.js';
import { doctorListPage } from './customer/doctor-list-page.js';
import { doctorList } from './customer/doctor-list.js';
import { existingForQuickSale } from './customer/existing-for-quicksale.js';
import { getDoctor } from './customer/get-doctor.js';
import { getPrescription } from './customer/get-prescription.js';
import { list } from './customer/list.js';
import { prescriptionFullDetail } from './customer/prescription-full-detail.js';
import { prescriptionList } from './customer/prescription-list.js';
import { saveDoctor } from './customer/save-doctor.js';
import { savePrescription } from './customer/save-prescription.js';
import { upsert } from './customer/upsert.js';
import { getCountries } from './common/get-countries.js';
import { getStates } from './common/get-states.js';
import { getYears } from './common/get-years.js';

export const handlers = [
  login,
  userDetails,
  getProfile,
  getYears,
  getCountries,
  getStates,
  checkDuplicate,
  detail,
  existingForQuickSale,
  list,
  upsert,
  prescriptionList,
  doctorList,
  doctorListPage,
  getPrescription,
  prescriptionFullDetail,
  savePrescription,
  deletePrescription,
  saveDoctor,
  getDoctor,
] as readonly Handler[];
