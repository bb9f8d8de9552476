/** Doctors (spec: "Doctor (EncryptedDoctorSaveModel)", "Doctor list item"). */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { fields, nbool, noutStr, reqStr, strings } from '../contract/primitives.js';

const DOCTOR_STRINGS = ['id', 'name', 'mobile', 'email', 'address', 'city', 'stateID', 'countryID', 'zipCode', 'remarks'] as const;

/** A doctor without a name cannot be picked from any list, so `name` is required (our rule). */
export const EncryptedDoctorSaveModel = z.object({
  ...strings(...DOCTOR_STRINGS),
  name: reqStr('longName'),
  isActive: nbool(),
});
export type EncryptedDoctorSaveModel = z.infer<typeof EncryptedDoctorSaveModel>;

/** get-doctor answers the save model's shape, as stored. */
export const Doctor = z.object({
  ...fields(noutStr, ...DOCTOR_STRINGS),
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type Doctor = z.infer<typeof Doctor>;

export const DoctorListItem = z.object({
  doctorID: z.string(),
  doctorName: z.string(),
  ...fields(noutStr, 'mobile', 'email', 'city', 'isActive'),
});
export type DoctorListItem = z.infer<typeof DoctorListItem>;

export const SaveDoctorResult = z.object({ message: z.string(), doctorID: z.string() });
export type SaveDoctorResult = z.infer<typeof SaveDoctorResult>;

export const DoctorIdParams = z.object({ id: bounded('id').min(1) });
