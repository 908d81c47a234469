// Package importer turns existing Azure resources into Kubernetes manifests of the generated
// kinds, as Azure Service Operator's `asoctl import azure-resource` does: each resource named,
// and every resource below it that has a generated kind, is read from ARM, converted through its
// spec's PopulateFromARM into the newest API version of its kind, and written as YAML that adopts
// it when applied.
//
// Rules:
//
//   - Kind and version: the kind whose ARM type is the resource's, at its newest stable API
//     version (else its newest preview), read at that version's api-version. A kind in
//     Options.NotImportable ($importable: false) is refused: an error when named, skipped below.
//   - Children: the kinds whose ARM type is a direct child type (virtualNetworks/subnets under a
//     virtual network), listed from ARM collection by collection; for a resource group, what
//     ARM's generic list of the group ({group}/resources) holds. Types without a kind are
//     reported as skipped, with why.
//   - Names: a resource's Kubernetes name is its Azure name, prefixed by its owner's Kubernetes
//     name when the owner is imported too (rg1-vnet1-subnet1), made a DNS-1123 subdomain
//     (lower case; other characters become '-'), and made unique per kind with a hash of the ARM
//     ID when two would collide. spec.azureName keeps the Azure name as it is.
//   - Owners: a child's spec.owner names its parent's Kubernetes name; a resource whose parent is
//     not imported names it by ARM ID (spec.owner.armId), so the YAML applies on its own.
//   - Embedded children: a parent's spec field that holds a collection of children that are a
//     kind of their own (a virtual network's subnets, a route table's routes) is left empty: the
//     children are imported as their own objects, and the operator keeps what Azure holds when it
//     PUTs the parent, as ASO does. Listing them in both places would make the two fight.
//   - Spec only: status and read-only values are not written (PopulateFromARM of a spec reads
//     writable values only); secrets cannot be read back and stay unset.
package importer
