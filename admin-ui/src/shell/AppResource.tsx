import { Resource, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { useArea } from './area';

/** Sends an address no screen answers to the area's "not found" page. */
export const GoToNotFound = () => <Navigate to={useArea().paths.notFound} replace />;

/**
 * react-admin's `Resource`, plus a last route: an address under the resource that none of its screens
 * answers (the list of a resource kept for look-ups or edited as one record, the record of one without
 * an edit screen) goes to "not found" instead of a blank page. Registered as react-admin registers
 * its own (`raName`, `registerResource`), so `<Admin>` reads its props the same way.
 */
export const AppResource = ({ children, ...props }: ResourceProps) => (
  <Resource {...props}>
    {children}
    <Route path="*" element={<GoToNotFound />} />
  </Resource>
);
AppResource.raName = Resource.raName;
AppResource.registerResource = Resource.registerResource;
