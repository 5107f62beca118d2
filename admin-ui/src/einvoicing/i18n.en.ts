/** E-invoicing (ZATCA) screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  app: {
    einvoicing: {
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
      sections: {
        authority: 'ZATCA',
        seller: 'The salon as registered',
        address: 'National address',
      },
    },
  },
  resources: {
    'zatca-setting': {
      name: 'E-invoicing setting |||| E-invoicing settings',
      fields: {
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
      },
    },
  },
};
