// Package settings reads the operator's settings from its environment, under the names Azure
// Service Operator v2 uses, so that an ASO installation's configuration carries over.
//
// ASO's Deployment fills the operator's environment from the keys of the aso-controller-settings
// Secret; we read the environment only, and leave it to the Deployment to map the Secret in. One
// source means one answer to "which value wins", and a changed setting takes effect the way it
// does in ASO: when the operator restarts. The credential keys of that Secret are the exception:
// the credentials package reads them from the Secret itself, so a rotated client secret needs no
// restart.
//
// Every setting is checked at start: a bad value is an error that names the setting, the value
// and what would have been accepted, because a typo found at start costs less than one found
// when the first resource misbehaves.
package settings
