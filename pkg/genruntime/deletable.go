package genruntime

// DeletableInAzure is implemented by the resources whose ARM type has no DELETE operation in
// the swagger (settings children such as a storage account's blobServices/default or a SQL
// server's auditing settings): Azure answers a DELETE with 405 MethodNotAllowed and removes the
// resource only with its parent. The generator implements it only on those kinds, returning
// false; a resource that does not implement it can be deleted.
// +kubebuilder:object:generate=false
type DeletableInAzure interface {
	DeletableInAzure() bool
}

// IsDeletableInAzure says whether Azure accepts a DELETE of obj's resource.
func IsDeletableInAzure(obj ARMMetaObject) bool {
	d, ok := obj.(DeletableInAzure)
	return !ok || d.DeletableInAzure()
}
