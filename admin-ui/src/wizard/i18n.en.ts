/** The wizard screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  app: {
    menu: { wizard: 'Setup wizard' },
    wizard: {
      title: 'Set up your salon',
      hint: 'A few short steps to get your salon ready. Each one saves the real settings; you can come back to a finished step at any time.',
      progress: '%{progress}% done',
      save_and_continue: 'Save and continue',
      finish: 'Save and finish',
      finished: 'Your salon is set up: the wizard is complete',
      all_done: 'Every step is done. You can still reopen any step above.',
      status: { completed: 'Completed', current: 'Current', pending: 'Pending' },
      steps: {
        'general-informations': 'General information',
        vat: 'VAT',
        'business-hours': 'Business hours',
        employees: 'Employees',
        'invoice-setting': 'Invoice settings',
        einvoicing: 'E-invoicing (ZATCA)',
        'activate-services': 'Activate services',
      },
      employees: {
        title: 'Employees',
        hint: 'Who works in your salon, and who takes appointments. You are already on the list, and you can take appointments too; add the others with their names, the rest can wait.',
        empty: 'No employees yet.',
        owner: 'Owner',
        new: 'Add an employee',
        add: 'Add the employee',
        added: 'The employee was added',
        takes_appointments: 'Takes appointments',
        need_bookable: 'Switch on at least one person who takes appointments (you may be the one)',
      },
      services: {
        title: 'Activate services',
        hint: 'The services your salon offers: switch on those customers can book. At least one must be on.',
        empty: 'Your menu is empty: add your first service below.',
        need_one: 'Switch on at least one service before finishing',
        first_group: 'First, name a group for your services (for example Hair)',
        add_group: 'Add the group',
        group_added: 'The group was added: now add a service',
        add_service: 'Add a service',
        service_added: 'The service was added',
      },
      call: {
        title: 'Your salon setup is %{progress}% done',
        text: 'Finish the setup wizard so your salon is ready for bookings and invoices.',
        start: 'Start the setup',
        continue: 'Continue the setup',
      },
    },
  },
  resources: {
    'wizard/employees': {
      name: 'Employee |||| Employees',
      fields: {
        name_en: 'English name',
        name_ar: 'Arabic name',
        job_title: 'Job title',
        mobile: 'Mobile',
      },
    },
  },
};
