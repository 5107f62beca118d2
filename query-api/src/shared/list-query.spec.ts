import { DomainError } from '@rawnaq/contracts';
import { parseListQuery } from './list-query';

const options = { sortable: ['name'], defaultSort: ['name', 'asc'] as ['name', 'asc'] };

describe('parseListQuery', () => {
  it("accepts react-admin's default sort by id on every list, whatever its own sort fields", () => {
    expect(parseListQuery({ sort: '["id","ASC"]' }, undefined, options).sort).toEqual([['id', 'asc']]);
    expect(parseListQuery({ sort: '["id","DESC"]' }, undefined, options).sort).toEqual([['id', 'desc']]);
  });

  it("takes the list's own sort fields and its default", () => {
    expect(parseListQuery({ sort: '["name","DESC"]' }, undefined, options).sort).toEqual([['name', 'desc']]);
    expect(parseListQuery({}, undefined, options).sort).toEqual([['name', 'asc']]);
  });

  it('refuses other sort fields on the sort parameter', () => {
    expect(() => parseListQuery({ sort: '["password_hash","ASC"]' }, undefined, options)).toThrow(
      DomainError,
    );
    expect(() => parseListQuery({ sort: '[1,"ASC"]' }, undefined, options)).toThrow(DomainError);
  });
});
