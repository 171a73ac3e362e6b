// What a file is for (the reference API's `service`): a product image, shown publicly on the
// checkout; or a downloadable, served only to a buyer holding its benefit (docs/uploads-and-limits.md).
export const PRODUCT_MEDIA_SERVICE = "product_media";
export const DOWNLOADABLE_SERVICE = "downloadable";
