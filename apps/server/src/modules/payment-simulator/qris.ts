/**
 * A QRIS payload (EMVCo merchant-presented QR, as Bank Indonesia's QRIS standard lays it out):
 * tag-length-value fields ending in a CRC-16/CCITT-FALSE checksum. Any QR reader decodes it; a
 * banking app would refuse it, as the merchant id is not registered (it is a simulation).
 */
function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`QRIS field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export interface QrisInput {
  merchantName: string;
  city: string;
  /** Whole rupiah. */
  amount: number;
  /** The bill number (the order id). */
  reference: string;
  /** National merchant id (NMID). */
  merchantId?: string;
}

export function qrisPayload(q: QrisInput): string {
  const body =
    field("00", "01") +
    field("01", "12") + // dynamic: one payment of one amount
    field(
      "51",
      field("00", "ID.CO.QRIS.WWW") +
        field("02", q.merchantId ?? "ID1026000000001") +
        field("03", "UMI"),
    ) +
    field("52", "5815") + // digital goods
    field("53", "360") + // rupiah
    field("54", String(q.amount)) +
    field("58", "ID") +
    field("59", q.merchantName.slice(0, 25)) +
    field("60", q.city.slice(0, 15)) +
    field("62", field("01", q.reference.slice(0, 25))) +
    "6304";
  return body + crc16(body);
}
