/** The imports screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  app: {
    imports: {
      button: 'Import',
      title: {
        customers: 'Import customers from Excel',
        services: 'Import services from Excel',
        products: 'Import products from Excel',
      },
      template_name: {
        customers: 'customers-template',
        services: 'services-template',
        products: 'products-template',
      },
      open_list: {
        customers: 'See the customers',
        services: 'See the services',
        products: 'See the products',
      },
      step_template: 'Download the template: its first row names the columns the import reads.',
      download_template: 'Download the template',
      step_file:
        'Fill in one row per record, save it as .xlsx and choose it here. Nothing is saved before you confirm.',
      choose_file: 'Choose the Excel file',
      choose_other: 'Choose another file',
      file: 'Excel file',
      checking: 'Checking every row…',
      row: 'Row',
      total: 'One row |||| %{smart_count} rows',
      valid: 'One row ready |||| %{smart_count} rows ready',
      invalid: 'One row with errors |||| %{smart_count} rows with errors',
      fix_and_retry: 'Correct these rows in the file and choose it again:',
      error_line: 'Row %{row}, %{field}: %{message}',
      import: 'Import one row |||| Import %{smart_count} rows',
      blocked: 'The import starts once no row has an error.',
      nothing: 'The file has no rows to import.',
      importing: 'Importing… %{done} of %{total}',
      progress: 'Import progress',
      done: 'One record was imported. |||| %{smart_count} records were imported.',
      failed: 'The import stopped; nothing more was saved.',
      again: 'Try again',
    },
  },
};
