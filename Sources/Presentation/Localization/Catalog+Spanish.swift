extension Catalog {
    /// Spanish: the same keys as `english`, with the same placeholders.
    static let spanish: [String: String] = [
        // Presentations: `<localization.key>.title` and `.message`.
        "removeDownload.confirm.title": "Eliminar descarga",
        "removeDownload.confirm.message": "{0} dejará de estar disponible sin conexión.",
        "exportProject.destinationUnavailable.title": "No se puede acceder al destino",
        "exportProject.destinationUnavailable.message": "Comprueba que la unidad sigue conectada.",
        "exportProject.noAvailableSpace.title": "No hay espacio suficiente",
        "exportProject.noAvailableSpace.message": "Libera al menos {0} MB e inténtalo de nuevo.",
        "exportProject.destinationNotAllowed.title": "No se puede exportar a esta carpeta",
        "exportProject.destinationNotAllowed.message": "{0} está fuera de las carpetas a las que se puede exportar. Usa {1} en su lugar, o cancela.",
        "restoreBackup.confirm.title": "Confirmar operación",
        "restoreBackup.confirm.message": "Los datos actuales se sustituirán por la copia de {0}.",
        "resetPreferences.confirm.title": "Confirmar operación",
        "resetPreferences.confirm.message": "Se recuperarán todos los ajustes iniciales.",
        "addStop.conflict.title": "La parada ya está planificada",
        "addStop.conflict.message": "{0} ya forma parte del día {1}.",

        // Actions: the action's `localization.key` as is.
        "action.ok": "Aceptar",
        "action.cancel": "Cancelar",
        "action.remove": "Eliminar",
        "action.tryAgain": "Volver a intentar",
        "action.useExportsFolder": "Usar la carpeta de exportaciones",
        "action.restoreBackup": "Restaurar copia",
        "action.reset": "Restablecer",
        "action.moveToDay": "Mover al día {0}",
        "action.keepDay": "Mantener el día {0}",

        // The terminal resolver.
        "resolver.answered": "respondida por {0} con {1}",
        "resolver.dismissed": "descartada por {0}",
        "resolver.expired": "caducada",
        "resolver.withdrawn": "retirada",
        "resolver.lostRace": "Otra persona respondió primero: {0}",
        "resolver.tooLate": "Demasiado tarde: {0}",
        "resolver.choose": "Elige",
        "resolver.reason": "Motivo: {0}",
        "resolver.destructive": "destructiva",
        "resolver.age.now": "ahora mismo",
        "resolver.age.seconds": "hace {0} s",
        "resolver.age.minutes": "hace {0} min",
        "resolver.age.hours": "hace {0} h",
        "resolver.age.days": "hace {0} d",
    ]
}
