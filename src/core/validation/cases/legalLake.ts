// The paths of the shared KramaBench legal lake's files (test/fixtures) that silent-suite cases
// scan; a case file imports them as `legalLake.*`.

export const CSVS = "csn-data-book-2024-csv/CSVs";
export const FRAUD_RANKINGS = `${CSVS}/2024_CSN_State_Rankings_Fraud_and_Other_Reports.csv`;
export const IDT_RANKINGS = `${CSVS}/2024_CSN_State_Rankings_Identity_Theft_Reports.csv`;
export const STATE_LOSSES = `${CSVS}/2024_CSN_State_Fraud_Reports_and_Losses.csv`;
export const STATE_IDT_TYPES = `${CSVS}/2024_CSN_State_Identity_Theft_Reports.csv`;
export const STATE_TOP_TEN = `${CSVS}/2024_CSN_State_Top_Ten_Report_Categories.csv`;
export const IDT_BY_TYPE = `${CSVS}/2024_CSN_Identity_Theft_Reports_by_Type.csv`;
export const PAYMENT_METHOD = `${CSVS}/2024_CSN_Fraud_Reports_by_Payment_Method.csv`;
export const CONTACT_METHOD = `${CSVS}/2024_CSN_Fraud_Reports_by_Contact_Method.csv`;
export const REPORT_TYPE = `${CSVS}/2024_CSN_Report_Type.csv`;
export const AMOUNT_LOST = `${CSVS}/2024_CSN_Fraud_Reports_by_Amount_Lost.csv`;
export const REPORT_COUNT = `${CSVS}/2024_CSN_Report_Count.csv`;
export const METRO_IDT = `${CSVS}/2024_CSN_Metropolitan_Areas_Identity_Theft_Reports.csv`;
export const METRO_FRAUD = `${CSVS}/2024_CSN_Metropolitan_Areas_Fraud_and_Other_Reports.csv`;
export const MSA_IDT = `${CSVS}/State MSA Identity Theft data`;
export const MSA_FRAUD = `${CSVS}/State MSA Fraud and Other data`;
export const NEW_ENGLAND = "new_england_states.csv";
export const METRO_HTML = "metropolitan_statistics.html";
export const METRO_HTML_MSA = "table 2: The 387 metropolitan statistical areas of the United States[15]";
export const NEW_ENGLAND_MSA_FILES = [
  "Connecticut",
  "Maine",
  "Massachusetts",
  "NewHampshire",
  "RhodeIsland",
  "Vermont",
].map((state) => `${MSA_IDT}/${state}.csv`);
