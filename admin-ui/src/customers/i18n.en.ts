/** Likely duplicates and merging customers in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {
  app: {
    customers: {
      duplicates: {
        badge: 'Likely duplicate',
        filter: 'Likely duplicates only',
        to_review:
          '%{smart_count} customer registered online may be someone already on file |||| %{smart_count} customers registered online may be someone already on file',
        review: 'Review',
        title: 'Possibly the same person as',
        hint: 'Registered online with a mobile number already on file. Family members often share a number: merge only if this is the same person.',
        compare: 'Compare and merge',
        not_same: 'Not the same person',
        not_same_done: 'Noted: they are two different people',
        registered: 'Registered %{date}',
      },
      merged: {
        title: 'Merged into %{name}',
        hint: "Merged on %{date}. Their visits, invoices, gift cards, offers, wallet and points are %{name}'s now; this record stays in the audit log.",
        open: 'Open %{name}',
      },
      existing: {
        mobile: 'A customer with this mobile number is on file: %{name}.',
        email: 'A customer with this e-mail is on file: %{name}.',
        tax_number: 'A customer with this tax number is on file: %{name}.',
        open: 'Open that customer',
      },
      merge: {
        button: 'Merge',
        title: 'Merge two customers',
        pick: 'Customer to merge with',
        pick_hint: 'Search by name or mobile number',
        keep: 'Keep',
        kept: 'Kept',
        merged: 'Merged into it',
        swap: 'Keep the other one',
        moves: 'What moves to %{name}',
        nothing: 'Nothing to move: no visits, invoices, cards or balances.',
        visits: '%{smart_count} visit (%{upcoming} to come) |||| %{smart_count} visits (%{upcoming} to come)',
        invoices: '%{smart_count} invoice |||| %{smart_count} invoices',
        gift_cards: '%{smart_count} gift card in use |||| %{smart_count} gift cards in use',
        offers: '%{smart_count} offer or package in use |||| %{smart_count} offers or packages in use',
        wallet: 'Wallet balance %{amount}',
        points: '%{smart_count} loyalty point |||| %{smart_count} loyalty points',
        penalties: '%{smart_count} penalty |||| %{smart_count} penalties',
        warning:
          '%{name} will leave the customer lists, and this cannot be undone. Their record stays readable in the audit log.',
        confirm: 'Merge into %{name}',
        done: 'Merged into %{name}',
      },
    },
    wallet: {
      kinds: {
        moved_in: 'Balance of a customer merged into this one',
        moved_out: 'Moved to the customer this one was merged into',
      },
    },
    loyalty: {
      kinds: {
        moved_in: 'Points of a customer merged into this one',
        moved_out: 'Moved to the customer this one was merged into',
      },
    },
    audit: {
      values: { likely_duplicate_reason: { same_mobile: 'Same mobile number as a customer on file' } },
      fields: {
        into_customer_name: 'Merged into',
        merged_customer_name: 'Customer merged in',
        wallet_moved: 'Wallet balance moved',
        loyalty_points_moved: 'Loyalty points moved',
      },
      types: {
        CustomerFlaggedAsLikelyDuplicate: 'Registered online: possibly a customer on file',
        LikelyDuplicateDismissed: 'Not the same person as a customer on file',
        CustomerMerged: 'Customer merged into another',
        DuplicateCustomerMergedIn: 'A customer was merged into this one',
        WalletMovedOut: 'Wallet balance moved (merge)',
        WalletMovedIn: 'Wallet balance received (merge)',
        LoyaltyPointsMovedOut: 'Loyalty points moved (merge)',
        LoyaltyPointsMovedIn: 'Loyalty points received (merge)',
      },
    },
  },
};
