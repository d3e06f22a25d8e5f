// placeholder: implemented by its area
