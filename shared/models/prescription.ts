/** Eye prescriptions (spec: "Prescription save request", "Prescription reference", "Prescription outputs"). */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { extension } from '../contract/extensions.js';
import { fields, ndt, nint64, noutInt, noutStr, str, strings } from '../contract/primitives.js';

type PerEye<B extends readonly string[], T> = { [K in B[number] as `${K}_Left` | `${K}_Right`]: T };

/** `spherical` → `spherical_Left`, `spherical_Right`: the spec's per-eye naming. */
function perEye<const B extends readonly string[], T extends z.ZodType>(make: () => T, ...bases: B): PerEye<B, T> {
  return Object.fromEntries(bases.flatMap((b) => [[`${b}_Left`, make()], [`${b}_Right`, make()]])) as PerEye<B, T>;
}

/**
 * One Rx row of the examination (distance, near, contact lens ... by lensTypeID). Values stay the
 * spec's strings; the optical checks (0.25 steps, AXIS 1..180) live in shared/domain/rx.ts.
 * k1/k2 are extensions (shared/contract/extensions.ts).
 */
export const OMPrescriptionRequestModel = z.object({
  ...strings('lensTypeID', 'sph', 'cyl', 'axis', 'add', 'va', 'vn', 'pd', 'bc', 'dia', 'fh', 'th'),
  k1: extension('OMPrescriptionRequestModel', 'k1', str('rx')),
  k2: extension('OMPrescriptionRequestModel', 'k2', str('rx')),
  prism: extension('OMPrescriptionRequestModel', 'prism', str('rx')),
  base: extension('OMPrescriptionRequestModel', 'base', str('rx')),
});
export type OMPrescriptionRequestModel = z.infer<typeof OMPrescriptionRequestModel>;

export const OMAppCustomerData = z.object({
  ...fields(nint64, 'companyID', 'branchID', 'yearID'),
  ...strings(
    'customerID', 'id', 'firstName', 'lastName', 'mobile', 'email', 'birthDate', 'genderID', 'houseNO',
    'societyName', 'street', 'area', 'city', 'sourceID', 'doctorID', 'presripionTypeID', 'visitingDate',
    'prescriptionRemarks',
  ),
  prescriptionList: z.array(OMPrescriptionRequestModel).nullish(),
  eyeCheckupRecallDate: extension('OMAppCustomerData', 'eyeCheckupRecallDate', ndt()),
});
export type OMAppCustomerData = z.infer<typeof OMAppCustomerData>;

export const OMAppEyeInfoModel = z.object(strings('customerEyeInfoID'));
export type OMAppEyeInfoModel = z.infer<typeof OMAppEyeInfoModel>;

export const SavePrescriptionResult = z.object({ message: z.string(), customerID: z.string(), eyeInfoID: z.string() });
export type SavePrescriptionResult = z.infer<typeof SavePrescriptionResult>;

export const GetPrescriptionOutput = z.object({
  id: z.string(),
  customerID: z.string(),
  typeID: noutInt(),
  ...fields(noutStr, 'spherical_Left', 'cylindrical_Left', 'axis_Left', 'spherical_Right', 'cylindrical_Right', 'axis_Right'),
  visitingDate: noutStr(),
  doctorName: noutStr(),
  isActive: z.boolean(),
});
export type GetPrescriptionOutput = z.infer<typeof GetPrescriptionOutput>;

/** Everything a printed prescription card needs, company and branch header included. */
export const PrescriptionFullDetail = z.object({
  customerID: z.string(),
  ...fields(noutStr, 'firstName', 'lastName', 'mobile', 'emailID', 'city', 'visitingDate'),
  typeID: noutInt(),
  ...perEye(noutStr, 'spherical', 'cylindrical', 'axis', 'addition', 'vision', 'vN', 'pD', 'baseCurve', 'diameter', 'k1', 'k2'),
  ...fields(
    noutStr,
    'prescriptionRemarks', 'companyName', 'companyAddress', 'companyEmailID', 'companyMobile', 'branchName',
    'branchAddress', 'branchEmail', 'branchMoile', 'doctorID',
  ),
});
export type PrescriptionFullDetail = z.infer<typeof PrescriptionFullDetail>;

export const PrescriptionListItem = z.object({
  id: z.string(),
  customerID: z.string(),
  ...fields(noutInt, 'itemTypeId', 'typeID', 'spectacleType'),
  ...fields(
    noutStr,
    'eyeInfo_DoctorID', 'doctorName', 'visitingDate', 'visitingDateString', 'remarks', 'createdBy', 'createdIP',
    'modifiedBy', 'modifiedIP', 'eyeCheckupRecallDate',
  ),
  ...fields(() => z.boolean(), 'isActive', 'goToSalesOrder', 'isPrevious'),
  ...perEye(
    noutStr,
    'spherical', 'cylindrical', 'axis', 'addition', 'vision', 'baseCurve', 'diameter', 'vN', 'pD', 'k1', 'k2',
    'dist', 'near', 'wODist', 'wONear', 'pIN', 'iOP',
  ),
  prism_Left: extension('PrescriptionListItem', 'prism_Left', noutStr()),
  prism_Right: extension('PrescriptionListItem', 'prism_Right', noutStr()),
  base_Left: extension('PrescriptionListItem', 'base_Left', noutStr()),
  base_Right: extension('PrescriptionListItem', 'base_Right', noutStr()),
  versionNo: extension('PrescriptionListItem', 'versionNo', z.number().int()),
});
export type PrescriptionListItem = z.infer<typeof PrescriptionListItem>;

/** Customer/amend-prescription (issue 16): the save request for the version to replace (`id`), and why. */
export const AmendPrescriptionRequest = OMAppCustomerData.extend({
  id: bounded('id').min(1).describe('The version being amended (ENC id); it must be the current one.'),
  amendReason: bounded('remarks').nullish().describe('Why the prescription was amended (optional, at most 500 characters).'),
});
export type AmendPrescriptionRequest = z.infer<typeof AmendPrescriptionRequest>;

/** One figure row of a version: what it is for, which eye, its values as the list writes them. */
export const PrescriptionVersionRow = z.object({
  lensTypeID: z.string(),
  ...fields(noutStr, 'sph', 'cyl', 'axis', 'add', 'va', 'vn', 'pd', 'bc', 'dia', 'fh', 'th', 'k1', 'k2', 'prism', 'base'),
});

/** One version of an examination's line, as prescription-versions answers it. */
export const PrescriptionVersion = z.object({
  id: z.string(),
  versionNo: z.number().int(),
  isCurrent: z.boolean(),
  isActive: z.boolean(),
  ...fields(noutStr, 'visitingDate', 'doctorName', 'remarks', 'eyeCheckupRecallDate', 'amendReason', 'createdBy', 'createdAt',
    'supersededBy', 'supersededAt', 'supersededByID'),
  rows: z.array(PrescriptionVersionRow),
});
export type PrescriptionVersion = z.infer<typeof PrescriptionVersion>;
