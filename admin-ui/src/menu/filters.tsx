import { SelectInput, TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { statusChoices } from './types';

/**
 * The search box of the menu lists (a TextInput rather than react-admin's SearchInput, whose InputProps
 * MUI 9 no longer takes).
 */
export const SearchFilter = ({ placeholder }: { source: string; alwaysOn: boolean; placeholder: string }) => {
  const translate = useTranslate();
  return (
    <TextInput
      source="q"
      resettable
      hiddenLabel
      label={false}
      placeholder={translate(placeholder)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 240 }}
    />
  );
};

export const StatusFilter = (_: { source: string; alwaysOn: boolean }) => (
  <SelectInput source="status" choices={statusChoices} />
);
