/** E-invoicing (ZATCA) screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
/** A device's fields, the same on the manager's and the salon's screens. */
const deviceFields = {
  account_id: 'Salon account number',
  status: 'Status',
  environment: 'Environment',
  otp: 'One-time password (OTP)',
  vat_number: 'VAT number',
  commercial_registration: 'Commercial registration',
  seller_name: 'Registered name',
  branch_name: 'Branch',
  industry: 'Activity',
  street: 'Street',
  building_number: 'Building number',
  additional_number: 'Additional number',
  district: 'District',
  city: 'City',
  postal_code: 'Postal code',
  progress: 'Progress',
  actions: 'Actions',
};

export const en = {
  app: {
    einvoicing: {
      empty_failed: 'No document has been refused by ZATCA.',
      empty_warnings: 'No document was accepted with warnings.',
      retried_accepted: 'ZATCA accepted the document',
      retried_refused: 'ZATCA refused it again: the reasons are shown',
      empty_merchant:
        'The salon is not connected to ZATCA e-invoicing yet. Connect it with the one-time password from your Fatoora portal: its invoices are then signed and reported.',
      merchant_title: 'E-invoicing (ZATCA)',
      qr: 'ZATCA QR code',
      icv: 'Document %{icv} of the device',
      retrying: 'ZATCA did not answer; sent again at %{at}',
      download_xml: 'Download the XML',
      download_pdf: 'Download the PDF',
      report_now: 'Report now',
      not_signed: 'Issued before the salon was connected to ZATCA: not signed',
      states: {
        pending: 'Waiting to be reported',
        reported: 'Reported to ZATCA',
        reported_with_warnings: 'Reported, with warnings',
        cleared: 'Cleared by ZATCA',
        rejected: 'Refused by ZATCA',
      },
      connect: 'Connect a device',
      clone_title: 'A new device from this one',
      connected: 'Connected: the salon’s invoices are now signed and reported to ZATCA',
      still_pending:
        'Saved, but ZATCA has not connected the device yet: the reason is shown on it. Fix it and take it up again.',
      done: {
        retry: 'The device is connected',
        renew: 'The certificate was renewed',
        cancel: 'The device was cancelled',
      },
      retry: 'Take up again',
      renew: 'Renew',
      cancel: 'Cancel',
      clone: 'Clone',
      checks: '%{done} of %{total} compliance checks passed',
      valid_to: 'Certificate valid until %{date}',
      environment_short: 'Environment:',
      empty_manager: 'No salon is connected to ZATCA e-invoicing yet.',
      otp_hint: 'The 6-digit one-time password from the salon’s Fatoora portal (valid for one hour).',
      latin_hint: 'In English letters, as in the commercial registration.',
      steps: {
        compliance_csid: 'Compliance certificate',
        compliance_checks: 'Compliance checks',
        production_csid: 'Production certificate',
        renewal: 'Renewal',
      },
      wizard: {
        title: 'E-invoicing with ZATCA',
        hint: 'In Saudi Arabia a VAT-registered salon signs every invoice and reports it to ZATCA (Fatoora, phase 2). Connect the salon now, before its first sale, with the 6-digit one-time password from the Fatoora portal (fatoora.zatca.gov.sa).',
        connected:
          'The salon is connected to ZATCA (%{environment}): its invoices, credit and debit notes are signed as they are issued and reported within seconds.',
        connect: 'Connect and continue',
        skip: 'Skip for now',
        skip_title: 'Skip e-invoicing for now?',
        skip_warning:
          'Until the salon is connected, its invoices are issued without being signed or reported to ZATCA, though the e-invoicing rules ask it of every VAT-registered business in Saudi Arabia. Invoices issued meanwhile are never reported afterwards, and no credit or debit note can be issued on them. You can connect at any time under Settings → E-invoicing (ZATCA).',
        skip_confirm: 'Skip, I will connect later',
        connect_now: 'Connect now',
      },
      sections: {
        authority: 'ZATCA',
        seller: 'The salon as registered',
        address: 'National address',
      },
    },
  },
  resources: {
    'dashboard/zatca-failed-transactions': {
      name: 'ZATCA refused document |||| ZATCA refused documents',
      fields: { account_id: 'Salon', signed_at: 'Document', errors: 'Reasons', actions: 'Actions' },
    },
    'dashboard/zatca-warning-transactions': {
      name: 'ZATCA warning |||| ZATCA warnings',
      fields: { account_id: 'Salon', signed_at: 'Document', warnings: 'Warnings' },
    },
    'zatca-setting': {
      name: 'E-invoicing setting |||| E-invoicing settings',
      fields: deviceFields,
    },
    'setting/einvoicing-setting': {
      name: 'E-invoicing (ZATCA) |||| E-invoicing (ZATCA)',
      fields: deviceFields,
    },
  },
};
