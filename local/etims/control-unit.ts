/**
 * The stand-in's memory, as KRA's side keeps it for one taxpayer's branch and device: the
 * communication key handed out at initialisation, registered items, and registered sales with
 * the control unit's data. A sale is registered once per invoice number: the same sale sent again
 * gets the first registration's data back; another sale under that number is overlapped data.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { TaxTypeCode } from './codes.ts';
import { etimsDateTime } from './clock.ts';
import type { SaleRequest } from './schemas.ts';

export interface Device {
  /** The taxpayer's KRA PIN, its branch and the device's serial number, as KRA registered them. */
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
  taxprNm: string;
}

export interface ControlUnitData {
  rcptNo: number;
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
  vsdcRcptPbctDate: string;
  sdcId: string;
  mrcNo: string;
}

export interface Counters {
  initialisations: number;
  codeListReads: number;
  itemsSaved: number;
  /** Sales and credit notes registered: each invoice number once. */
  salesRegistered: number;
  /** The same sale sent again and answered with its first registration. */
  salesResent: number;
  /** Requests answered with a result code other than 000 or 001. */
  refused: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const base32 = (bytes: Buffer, length: number) =>
  Array.from(bytes, (byte) => BASE32[byte % 32])
    .join('')
    .slice(0, length);

export function createControlUnit(device: Device, now: () => Date) {
  const secret = randomBytes(32);
  const cmcKey = randomBytes(16).toString('hex');
  const sdcId = `KRACU0${device.bhfId}0000001`;
  const mrcNo = `WIS0${device.bhfId}000001`;
  const items = new Map<string, TaxTypeCode>();
  const sales = new Map<number, { canonical: string; rcptTyCd: string; data: ControlUnitData }>();
  const perReceiptType = new Map<string, number>();
  const counters: Counters = {
    initialisations: 0,
    codeListReads: 0,
    itemsSaved: 0,
    salesRegistered: 0,
    salesResent: 0,
    refused: 0,
  };

  const sign = (purpose: string, canonical: string, length: number) =>
    base32(createHmac('sha256', secret).update(`${purpose}\n${canonical}`).digest(), length);

  return {
    device,
    counters,
    /** The key every later request carries in its `cmcKey` header. */
    initialise() {
      counters.initialisations += 1;
      return {
        info: {
          tin: device.tin,
          taxprNm: device.taxprNm,
          bsnsActv: 'Education and training',
          bhfId: device.bhfId,
          bhfNm: 'Headquarter',
          bhfOpenDt: '20240101',
          prvncNm: 'NAIROBI CITY',
          dstrtNm: 'WESTLANDS',
          sctrNm: 'WESTLANDS',
          locDesc: null,
          hqYn: 'Y',
          mgrNm: device.taxprNm,
          mgrTelNo: null,
          mgrEmail: null,
          dvcId: `${device.bhfId}00000000000001`,
          sdcId,
          mrcNo,
          cmcKey,
        },
      };
    },
    cmcKey,
    saveItem(itemCd: string, taxTyCd: TaxTypeCode) {
      items.set(itemCd, taxTyCd);
      counters.itemsSaved += 1;
    },
    registeredTaxType: (itemCd: string) => items.get(itemCd),
    saleRegistered: (invcNo: number) => sales.get(invcNo)?.rcptTyCd === 'S',
    /** The control unit's data for the sale; `overlapped` when its number holds another sale. */
    registerSale(sale: SaleRequest): { data: ControlUnitData } | { overlapped: true } {
      const canonical = JSON.stringify(sale);
      const known = sales.get(sale.invcNo);
      if (known) {
        if (known.canonical !== canonical) return { overlapped: true };
        counters.salesResent += 1;
        return { data: known.data };
      }
      const rcptNo = (perReceiptType.get(sale.rcptTyCd) ?? 0) + 1;
      perReceiptType.set(sale.rcptTyCd, rcptNo);
      const at = etimsDateTime(now());
      const data: ControlUnitData = {
        rcptNo,
        curRcptNo: rcptNo,
        totRcptNo: sales.size + 1,
        intrlData: sign('intrlData', canonical, 26),
        rcptSign: sign('rcptSign', canonical, 16),
        sdcDateTime: at,
        vsdcRcptPbctDate: at,
        sdcId,
        mrcNo,
      };
      sales.set(sale.invcNo, { canonical, rcptTyCd: sale.rcptTyCd, data });
      counters.salesRegistered += 1;
      return { data };
    },
  };
}

export type ControlUnit = ReturnType<typeof createControlUnit>;
