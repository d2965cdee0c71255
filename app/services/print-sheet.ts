// The print views' shared parts (收据, 对账单, 班级名单, 出勤表): plain HTML with print CSS for A4 paper and
// no script, printed with the browser's print.

/** Text for HTML: the five characters that could end an element or an attribute, as entities. */
export const escapeHtml = (text: string | number | null | undefined): string =>
  String(text ?? "").replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

/** A list on A4 portrait (班级名单, 出勤表): a sheet on a grey page on screen, the bare table on paper. */
export const A4_LIST_STYLE = `
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "SimSun", "Songti SC", "WenQuanYi Zen Hei", serif; color: #000; margin: 0; padding: 16px; background: #f0f0f0; }
.sheet { width: 186mm; min-height: 273mm; margin: 0 auto; background: #fff; padding: 8mm 10mm; border: 1px solid #ccc; }
h1 { text-align: center; font-size: 20px; letter-spacing: 4px; margin: 0 0 4mm; }
td.photo img { width: 12mm; height: 15mm; object-fit: cover; display: block; }
.meta { display: flex; flex-wrap: wrap; justify-content: space-between; font-size: 13px; margin-bottom: 3mm; gap: 2mm 6mm; }
table { width: 100%; border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: left; }
th { font-weight: bold; background: #f5f5f5; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
.sign { display: flex; justify-content: space-between; margin-top: 6mm; font-size: 13px; }
.hint { text-align: center; color: #666; font-size: 12px; margin: 8px 0 0; }
@media print {
  body { background: #fff; padding: 0; }
  .sheet { border: none; width: auto; min-height: 0; padding: 0; }
  .hint { display: none; }
}`;
