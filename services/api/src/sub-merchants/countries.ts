// Country codes (seed: "Country codes are 2 letters"): an officially assigned ISO 3166-1 alpha-2
// code. The region names Node's ICU knows are the 249 assigned codes plus 31 that are not
// (deprecated: AN, BU, CS, DD, DY, FX, HV, NH, RH, SU, TP, VD, YD, YU, ZR; exceptionally reserved or
// groupings: AC, CP, CQ, DG, EA, EU, EZ, IC, TA, UK, UN; user-assigned: QO, XA, XB, XK, ZZ), which
// are refused here. test/unit/countries.test.ts counts the 249.

const notAssigned = new Set([
  'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'VD', 'YD', 'YU', 'ZR',
  'AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'TA', 'UK', 'UN',
  'QO', 'XA', 'XB', 'XK', 'ZZ',
]);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export function isAssignedCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !notAssigned.has(code) && regionNames.of(code) !== undefined;
}
