// node-polyglot (react-admin's translator) requires the `object.entries` polyfill, whose helpers
// (get-intrinsic, call-bind, define-properties...) weigh some 16 KB in the first screen's scripts;
// every browser the back office supports has Object.entries, which is what the polyfill returns there.
module.exports = Object.entries;
