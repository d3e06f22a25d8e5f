// Package conformance runs go-cty v1.18.1 and terraform-plugin-go's tftypes
// side by side with libdynval (through its Go binding) on randomly generated
// types, values and provider schemas, and compares bytes and values. See
// README.md.
package conformance
